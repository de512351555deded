import { Button, MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ModalOnDemand } from './modal-on-demand';

function Confirm() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete</Button>
      <ModalOnDemand opened={isOpen} onClose={() => setOpen(false)} title="Please confirm">
        <Button onClick={() => setOpen(false)}>Cancel</Button>
      </ModalOnDemand>
    </>
  );
}

describe('ModalOnDemand', () => {
  it('renders nothing until opened, then is the kit modal, giving the focus back on closing', async () => {
    const user = userEvent.setup();
    const { baseElement } = render(
      <MantineProvider env="test">
        <Confirm />
      </MantineProvider>,
    );
    expect(baseElement.querySelector('.mantine-Modal-root')).toBeNull();

    const trigger = screen.getByRole('button', { name: 'Delete' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Cancel');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    // Opened once, it stays mounted: the next opening is at once.
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Please confirm' })).toBeInTheDocument();
  });
});
