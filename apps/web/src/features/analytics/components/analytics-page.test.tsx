import { mapRangeStart, todayOf } from '@roam/contract/analytics';
import { STORAGE_KEYS } from '@roam/contract/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { EMPTY_COLOR } from '../map/color-scale';

const COUNTS = {
  usercount: 120,
  shopcount: 2,
  rentalscount: 3,
  jobscount: 4,
  groupcount: 5,
  citycount: 6,
  cafecount: 7,
};

describe('Analytics page', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
  });

  it('shades each country by its active users, names it with its count, and changes range', async () => {
    const fromDates: (string | null)[] = [];
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, makeMe()),
      'GET /admin/analytics/allcount': () => jsonResponse(200, COUNTS),
      'GET /admin/analytics/users': ({ url }) => {
        fromDates.push(new URL(url, 'http://localhost').searchParams.get('from_date'));
        return jsonResponse(200, {
          activeusers: [{ 'United States of America': 40 }, { France: 12 }, { Japan: 1 }],
        });
      },
    });
    const { router } = renderApp('/analytics');
    const user = userEvent.setup();

    const users = await screen.findByText('120', {}, { timeout: 20_000 });
    // The users list's All counts deleted users too: the counter says it does not.
    expect(users.parentElement).toHaveTextContent('Users120not counting deleted');
    const france = await screen.findByRole('img', { name: 'France: 12 active users' }, { timeout: 20_000 });
    expect(france).toHaveAttribute('data-iso', 'FR');
    expect(france).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('img', { name: 'United States of America: 40 active users' })).toHaveAttribute(
      'data-iso',
      'US',
    );
    // Countries are shaded by class: the largest count darkest, a country without users grey.
    const fill = (element: Element) => (element as SVGElement).style.fill;
    expect(fill(screen.getByRole('img', { name: /^United States/ }))).toBe('var(--mantine-color-blue-9)');
    expect(fill(france)).toBe('var(--mantine-color-blue-4)');
    const brazil = document.querySelector('[data-iso="BR"]');
    expect(brazil).not.toBeNull();
    expect(brazil).toHaveAttribute('tabindex', '-1');
    expect(fill(brazil as Element)).toBe(EMPTY_COLOR);

    // The tooltip follows keyboard focus and the pointer.
    fireEvent.focus(france);
    const tooltip = await screen.findByRole('tooltip');
    expect(within(tooltip).getByText('France')).toBeInTheDocument();
    expect(within(tooltip).getByText('12 active users')).toBeInTheDocument();
    fireEvent.blur(france);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    fireEvent.mouseEnter(brazil as Element);
    expect(within(await screen.findByRole('tooltip')).getByText('0 active users')).toBeInTheDocument();

    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(within(legend).getByText('No active users')).toBeInTheDocument();
    expect(within(legend).getByText('1–8')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Most active countries' })).getByText('Japan'),
    ).toBeInTheDocument();

    expect(fromDates[0]).toBe(mapRangeStart('30d', todayOf()));
    await user.click(screen.getByRole('radio', { name: 'Last 12 months' }));
    await waitFor(() => expect(fromDates.at(-1)).toBe(mapRangeStart('12m', todayOf())));
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(fromDates.at(-1)).toBe(mapRangeStart('7d', todayOf())));

    await user.click(screen.getByRole('link', { name: 'Open the Active Users graph' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics/graph'));
  });

  it('says so when nobody was active, and keeps the counters when the map fails', async () => {
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, makeMe()),
      'GET /admin/analytics/allcount': () => jsonResponse(200, COUNTS),
      'GET /admin/analytics/users': () => jsonResponse(200, { activeusers: [] }),
    });
    renderApp('/analytics');
    expect(await screen.findByText('No data available', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('120')).toBeInTheDocument();
  });
});
