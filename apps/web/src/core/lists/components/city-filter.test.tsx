import { MantineProvider } from '@mantine/core';
import { STORAGE_KEYS } from '@roam/contract/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { CityFilter } from './city-filter';

const city = (id: string, name: string) => ({
  _id: id,
  name,
  country: { name: 'Portugal', ISO: 'PT', currency: 'EUR' },
  imageurl: [],
  status: 'ACTIVE' as const,
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-01T10:00:00.000Z',
});
const LISBON = city('1b0b5c2e-7d4a-4f3e-9a21-5c6d7e8f9a01', 'Lisbon');
const PORTO = city('1b0b5c2e-7d4a-4f3e-9a21-5c6d7e8f9a02', 'Porto');

function renderFilter(value: string | undefined, onChange: (value: string | undefined) => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <CityFilter value={value} onChange={onChange} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('CityFilter', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    // A browser that is never idle: only the admin's reach loads the select.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => {});
    mockFetch({
      [`GET /admin/city/${LISBON._id}`]: () => jsonResponse(200, LISBON),
      'GET /admin/city': () =>
        jsonResponse(200, { cities: [LISBON, PORTO], searchcount: 2, active: 2, inactive: 0, deleted: 0 }),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  // In this order: once a test has loaded the select, the page has it (it is loaded once).
  it('clears from the stand-in, and shows All cities when none is chosen', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { unmount } = renderFilter(LISBON._id, onChange);
    await waitFor(() => expect(screen.getByRole('button', { name: 'City' })).toHaveTextContent('Lisbon'));
    await user.click(screen.getByRole('button', { name: /clear/i }));
    expect(onChange).toHaveBeenCalledWith(undefined);
    expect(screen.queryByRole('combobox', { name: 'City' })).not.toBeInTheDocument();
    unmount();

    renderFilter(undefined, onChange);
    expect(screen.getByRole('button', { name: 'City' })).toHaveTextContent('All cities');
  });

  it('is a stand-in naming the chosen city until pressed, then the select, opened where it was pressed', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderFilter(LISBON._id, onChange);
    const standIn = screen.getByRole('button', { name: 'City' });
    expect(screen.queryByRole('combobox', { name: 'City' })).not.toBeInTheDocument();
    await waitFor(() => expect(standIn).toHaveTextContent('Lisbon'));

    await user.click(standIn);
    const select = await screen.findByRole('combobox', { name: 'City' });
    await waitFor(() => expect(select).toHaveFocus());
    expect(select).toHaveValue('Lisbon');
    await user.click(await screen.findByRole('option', { name: 'Porto' }));
    expect(onChange).toHaveBeenCalledWith(PORTO._id);
  });
});
