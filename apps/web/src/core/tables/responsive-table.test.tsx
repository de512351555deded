import { ActionIcon, MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { onWideScreen } from '../../test/wide-screen';
import { ResponsiveTable, type TableColumn } from './responsive-table';

type Person = { _id: string; name: string; email: string; city: string; status: string };

const PEOPLE: Person[] = [
  { _id: '1', name: 'Ada', email: 'ada@example.com', city: 'Lisbon', status: 'ACTIVE' },
  { _id: '2', name: 'Grace', email: 'grace@example.com', city: 'Porto', status: 'INACTIVE' },
  { _id: '3', name: 'Alan', email: 'alan@example.com', city: 'Faro', status: 'ACTIVE' },
];

const COLUMNS: TableColumn<Person>[] = [
  {
    accessor: 'name',
    title: 'Name',
    render: (person) => <a href={`/people/${person._id}`}>{person.name}</a>,
  },
  { accessor: 'email', title: 'Email', priority: 2, render: (person) => person.email },
  { accessor: 'city', title: 'City', render: (person) => person.city },
  { accessor: 'status', title: 'Status', isStatus: true, render: (person) => person.status },
];

/** The table as a list screen uses it: selection and paging kept outside, two rows a page. */
function People() {
  const [selected, setSelected] = useState<Person[]>([]);
  const [page, setPage] = useState(1);
  return (
    <MantineProvider>
      <ResponsiveTable<Person>
        label="People"
        rows={PEOPLE.slice((page - 1) * 2, page * 2)}
        columns={COLUMNS}
        rowName={(person) => person.name}
        numberFrom={(page - 1) * 2 + 1}
        menu={(person) => <ActionIcon aria-label={`Actions for ${person.name}`}>⋮</ActionIcon>}
        selection={{ selected, onChange: setSelected }}
        paging={{ page, pageSize: 2, total: PEOPLE.length, onPageChange: setPage, text: () => 'Total: 3' }}
        empty="No data available"
      />
      <output aria-label="Chosen">{selected.map((person) => person.name).join(',')}</output>
    </MantineProvider>
  );
}

describe('ResponsiveTable', () => {
  it('below sm, shows each row as a card: checkbox, name, status, the fields by label, the menu', () => {
    render(<People />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const ada = within(screen.getByRole('listitem', { name: 'Ada' }));
    expect(ada.getByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/people/1');
    expect(ada.getByText('ACTIVE')).toBeInTheDocument();
    // Every field is there, even one a narrow table would hide, each after its label.
    expect(ada.getByText('Email').nextElementSibling).toHaveTextContent('ada@example.com');
    expect(ada.getByText('City').nextElementSibling).toHaveTextContent('Lisbon');
    expect(ada.queryByText('Status')).not.toBeInTheDocument();
    expect(ada.getByRole('button', { name: 'Actions for Ada' })).toBeInTheDocument();
    expect(screen.getByText('Total: 3')).toBeInTheDocument();
  });

  it("below sm, a page's first render holds its first cards, then the rest follow a few at a time", async () => {
    const many = Array.from({ length: 20 }, (_, index) => ({
      ...PEOPLE[0]!,
      _id: `${index}`,
      name: `P${index}`,
    }));
    const cardsAtCommit: number[] = [];
    render(
      <MantineProvider>
        <Profiler id="cards" onRender={() => cardsAtCommit.push(document.querySelectorAll('li').length)}>
          <ResponsiveTable<Person>
            label="People"
            rows={many}
            columns={COLUMNS}
            rowName={(person) => person.name}
            empty="No data available"
          />
        </Profiler>
      </MantineProvider>,
    );
    expect(await screen.findByRole('listitem', { name: 'P19' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem')).toHaveLength(20);
    // Each commit adds at most four cards: no one commit draws the page's sixteen others.
    const counts = [...new Set(cardsAtCommit)];
    expect(counts).toEqual([4, 8, 12, 16, 20]);
  });

  it('below sm, selects a card, the page, and pages', async () => {
    const user = userEvent.setup();
    render(<People />);
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace' }));
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('Grace');
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    expect(all).toHaveProperty('indeterminate', true);
    await user.click(all);
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('Ada,Grace');
    expect(all).toBeChecked();

    await user.click(screen.getByRole('button', { name: /page 2/i }));
    expect(screen.getByRole('listitem', { name: 'Alan' })).toBeInTheDocument();
    // The other page's choices stay when this page's are added.
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('Ada,Grace,Alan');
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('Ada,Grace');
  });

  it('from sm, is a table numbered from the page, with the columns, status and menu', async () => {
    const restore = onWideScreen();
    try {
      render(<People />);
      // The table's code comes once a wide screen asks for it.
      const table = within(await screen.findByRole('table', { name: 'People' }));
      const headers = table.getAllByRole('columnheader').map((header) => header.textContent?.trim());
      expect(headers).toEqual(['', '#', 'Name', 'Email', 'City', 'Status', 'Actions']);
      const firstRow = table.getAllByRole('row')[1] as HTMLElement;
      expect(within(firstRow).getByRole('checkbox', { name: 'Select Ada' })).toBeInTheDocument();
      expect(within(firstRow).getByRole('button', { name: 'Actions for Ada' })).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'People' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
