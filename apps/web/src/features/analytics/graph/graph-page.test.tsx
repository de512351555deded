import {
  addPeriods,
  type GraphType,
  graphDateParam,
  periodLabel,
  periodStartOf,
  todayOf,
} from '@roam/contract/analytics';
import { STORAGE_KEYS } from '@roam/contract/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { type FakeRequest, jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

type Asked = { kind: string; type: GraphType; startDate: string; endDate: string };

/** A fake server that answers every window with one bucket per period, its index as the count. */
function graphServer(asked: Asked[], { empty = false } = {}) {
  const answer =
    (kind: string) =>
    ({ url }: FakeRequest) => {
      const search = new URL(url, 'http://localhost').searchParams;
      const type = (search.get('type') ?? 'monthly') as GraphType;
      const startDate = search.get('startDate') ?? '';
      const endDate = search.get('endDate') ?? '';
      asked.push({ kind, type, startDate, endDate });
      const length = { daily: 15, monthly: 5, yearly: 3 }[type];
      const last = periodStartOf(type, todayOf());
      const periods = Array.from({ length }, (_, i) => addPeriods(type, last, i - (length - 1)));
      return jsonResponse(200, {
        graph: periods.map((period, i) => ({
          [periodLabel(type, period)]: empty ? 0 : i + (kind === 'users' ? 10 : 1),
        })),
      });
    };
  return {
    'GET /admin/me': () => jsonResponse(200, makeMe()),
    'GET /admin/analytics/graph/users': answer('users'),
    'GET /admin/analytics/graph/groups': answer('groups'),
  };
}

describe('Active Users graph page', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
  });

  it('opens monthly on the last five months; daily changes the labels; the arrows move the window', async () => {
    const asked: Asked[] = [];
    mockFetch(graphServer(asked));
    renderApp('/analytics/graph');
    const user = userEvent.setup();
    const today = todayOf();
    const month = periodStartOf('monthly', today);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Active Users' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    const users = await screen.findByRole('table', { name: 'Active Users per month' });
    expect(within(users).getByText(periodLabel('monthly', month))).toBeInTheDocument();
    expect(
      within(users).getByText(periodLabel('monthly', addPeriods('monthly', month, -4))),
    ).toBeInTheDocument();
    expect(asked.find((call) => call.kind === 'users')).toEqual({
      kind: 'users',
      type: 'monthly',
      startDate: graphDateParam('monthly', addPeriods('monthly', month, -4)),
      endDate: graphDateParam('monthly', month),
    });
    expect(await screen.findByRole('table', { name: 'Groups created per month' })).toBeInTheDocument();
    const later = screen.getByRole('button', { name: 'Later 5 months' });
    expect(later).toBeDisabled();
    const [dd, mm, yyyy] = [today.slice(8, 10), today.slice(5, 7), today.slice(0, 4)];
    expect(screen.getByTestId('graph-window')).toHaveTextContent(`${dd}/${mm}/${yyyy}`);

    await user.click(screen.getByRole('button', { name: 'Earlier 5 months' }));
    await waitFor(() =>
      expect(asked.at(-1)?.endDate).toBe(graphDateParam('monthly', addPeriods('monthly', month, -5))),
    );
    expect(screen.getByRole('button', { name: 'Later 5 months' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Later 5 months' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Later 5 months' })).toBeDisabled());

    await user.click(screen.getByRole('radio', { name: 'Daily' }));
    const daily = await screen.findByRole('table', { name: 'Active Users per day' });
    expect(within(daily).getByText(today)).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ type: 'daily', endDate: today });
    expect(screen.getByRole('button', { name: 'Later 15 days' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    const yearly = await screen.findByRole('table', { name: 'Active Users per year' });
    expect(within(yearly).getByText(today.slice(0, 4))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Earlier 3 years' })).toBeEnabled();
  });

  it('says so when a window holds no activity', async () => {
    mockFetch(graphServer([], { empty: true }));
    renderApp('/analytics/graph');
    await waitFor(() => expect(screen.getAllByText('No data available')).toHaveLength(2), {
      timeout: 20_000,
    });
  });
});
