import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queueIdleMoments } from '../../../test/idle-moments';
import { DateRangeFilter } from './date-range-filter';

// A file of its own: the calendar's module, once loaded, stays loaded for the file's other tests.

describe('DateRangeFilter once the browser is idle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the calendar once the browser is idle, but keeps the stand-ins until one is reached for', async () => {
    const idle = queueIdleMoments();
    const filter = (
      <MantineProvider>
        <DateRangeFilter from={undefined} to={undefined} onChange={() => {}} />
      </MantineProvider>
    );
    const first = render(filter);
    await waitFor(() => expect(idle.waiting()).toBeGreaterThan(0));
    await act(async () => {
      idle.pass();
      idle.pass();
      await import('../../../components/date-picker');
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    // The code is here, yet nothing was swapped: no field was touched.
    expect(first.container.querySelectorAll('[data-dates-input]')).toHaveLength(0);
    const user = userEvent.setup();
    // Pointing swaps nothing either (a swap under the pointer could lose the click); pressing does.
    await user.hover(screen.getByRole('button', { name: 'From' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(first.container.querySelectorAll('[data-dates-input]')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'From' }));
    await waitFor(() => expect(first.container.querySelectorAll('[data-dates-input]')).toHaveLength(1));
    first.unmount();

    // A filter drawn once the code is here shows the calendar's fields from the start.
    const again = render(filter);
    expect(again.container.querySelectorAll('[data-dates-input]')).toHaveLength(2);
    again.unmount();
  });
});
