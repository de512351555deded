import { Button, MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PopupOnDemand } from './popup-on-demand';

/** A menu as the lists have one; `rendered` counts the kit's Menu renders. */
function ActionsMenu({ onChoose, rendered }: { onChoose: (choice: string) => void; rendered: () => void }) {
  return (
    <PopupOnDemand kind="menu" trigger={<Button>Actions</Button>}>
      {({ target, kit: { Menu }, ...popup }) => {
        rendered();
        return (
          <Menu {...popup}>
            <Menu.Target>{target}</Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => onChoose('edit')}>Edit</Menu.Item>
              <Menu.Item onClick={() => onChoose('delete')}>Delete</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        );
      }}
    </PopupOnDemand>
  );
}

/** A popover opened from outside too, as the header's downloads are when a download starts. */
function Downloads() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Start a download</Button>
      <PopupOnDemand
        kind="dialog"
        opened={isOpen}
        onChange={setOpen}
        trigger={<Button onClick={() => setOpen(!isOpen)}>Downloads</Button>}
      >
        {({ target, kit: { Popover }, ...popup }) => (
          <Popover {...popup} returnFocus trapFocus>
            <Popover.Target>{target}</Popover.Target>
            <Popover.Dropdown aria-label="Your downloads">
              <Button>Remove</Button>
            </Popover.Dropdown>
          </Popover>
        )}
      </PopupOnDemand>
    </>
  );
}

describe('PopupOnDemand', () => {
  it('is its trigger until pressed, then opens the menu, which gives the focus back on closing', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    const rendered = vi.fn();
    render(
      <MantineProvider env="test">
        <ActionsMenu onChoose={onChoose} rendered={rendered} />
      </MantineProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Actions' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(rendered).not.toHaveBeenCalled();

    // By keyboard: the focus moves into the menu, and back to the trigger on Escape.
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    const opened = screen.getByRole('button', { name: 'Actions' });
    expect(opened).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('menu').contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus());

    // Once there, it is the kit's menu as usual.
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(onChoose).toHaveBeenCalledWith('delete');
  });

  it('opens when told to from outside before it was ever pressed, and toggles by its trigger', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider env="test">
        <Downloads />
      </MantineProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start a download' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Remove');

    await user.click(screen.getByRole('button', { name: 'Downloads' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Downloads' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Remove');
  });
});
