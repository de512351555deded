import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRangeFilter } from './date-range-filter';

describe('DateRangeFilter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows stand-ins until the calendar is reached for, then opens it where it was pressed', async () => {
    // A browser that is never idle: only the admin's reach loads the calendar.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => {});
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { container, unmount } = render(
      <MantineProvider>
        <DateRangeFilter from={undefined} to="2026-02-10" onChange={onChange} />
      </MantineProvider>,
    );
    expect(container.querySelectorAll('[data-dates-input]')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent('10/02/2026');

    await user.click(screen.getByRole('button', { name: 'From' }));
    const day = dayjs('2026-02-03');
    await user.click(await screen.findByRole('button', { name: day.format('D MMMM YYYY') }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ from: '2026-02-03', to: '2026-02-10' }));
    // The pressed field is the calendar's now; the other stays a stand-in until reached for.
    expect(container.querySelectorAll('[data-dates-input]')).toHaveLength(1);
    // Focused from the keyboard (no press): the calendar takes over, focused.
    act(() => screen.getByRole('button', { name: 'To' }).focus());
    await waitFor(() => expect(container.querySelectorAll('[data-dates-input]')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'To' })).toHaveFocus());
    unmount();
  });
});
