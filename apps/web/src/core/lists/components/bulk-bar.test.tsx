import { STORAGE_KEYS } from '@roam/contract/auth';
import { emptyPermissions, fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCafe, makeMe } from '../../../test/fixtures';
import { type FakeRequest, jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

/** The bulk bar of the one list screen, driven through the cafe list and the real router. */
const ROWS = [makeCafe(1), makeCafe(2), makeCafe(3), makeCafe(4, 'INACTIVE')];

function serveCafes(me = makeMe({ role_type: 'admin', permissions: fullPermissions() })) {
  const fake = { lists: 0, toggles: [] as FakeRequest[] };
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, me),
    'GET /admin/cafe': () => {
      fake.lists += 1;
      return jsonResponse(200, { cafes: ROWS, searchcount: 4, active: 3, inactive: 1, deleted: 0 });
    },
    ...Object.fromEntries(
      ROWS.map((row) => [
        `PUT /admin/cafe/toggle/${row._id}`,
        (request: FakeRequest) => {
          fake.toggles.push(request);
          if (row.name !== 'Cafe 3') return jsonResponse(200, { message: 'Marked INACTIVE' });
          return jsonResponse(409, { statusCode: 409, error: 'Conflict', message: 'Cafe 3 is busy' });
        },
      ]),
    ),
  });
  return fake;
}

const bar = () => screen.queryByRole('region', { name: 'Selected rows' });

describe('BulkBar', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('shows only with a selection, offers the actions allowed on every row, holds Download and clears', async () => {
    const user = userEvent.setup();
    serveCafes();
    renderApp('/cafe');
    // The first test of the file loads the list's chunks: give it longer than the default wait.
    await screen.findByRole('link', { name: 'Cafe 1' }, { timeout: 20_000 });
    expect(bar()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Select Cafe 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cafe 4' }));
    const region = await screen.findByRole('region', { name: 'Selected rows' });
    expect(within(region).getByText('2 selected')).toBeInTheDocument();
    // Cafe 1 is ACTIVE and Cafe 4 INACTIVE: only Delete applies to both.
    expect(within(region).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Inactivate' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    // The Download menu moved into the bar.
    expect(within(region).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Download' })).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: 'Select Cafe 4' }));
    expect(within(region).getByRole('button', { name: 'Inactivate' })).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Clear selection' }));
    expect(bar()).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Cafe 1' })).not.toBeChecked();
  });

  it('offers only what the module allows', async () => {
    const user = userEvent.setup();
    const permissions = emptyPermissions();
    permissions.cafeManagement = { read: 1, write: 0, delete: 1 };
    serveCafes(makeMe({ permissions }));
    renderApp('/cafe');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Cafe 1' }));
    const region = await screen.findByRole('region', { name: 'Selected rows' });
    expect(within(region).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Inactivate' })).not.toBeInTheDocument();
  });

  it('asks once, runs each call, summarises what failed with the reason, clears and reloads', async () => {
    const user = userEvent.setup();
    const fake = serveCafes();
    renderApp('/cafe');
    for (const name of ['Cafe 1', 'Cafe 2', 'Cafe 3']) {
      await user.click(await screen.findByRole('checkbox', { name: `Select ${name}` }));
    }
    const region = await screen.findByRole('region', { name: 'Selected rows' });
    await user.click(within(region).getByRole('button', { name: 'Inactivate' }));

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to Inactivate these 3 cafes ?'),
    ).toBeInTheDocument();
    const listsBefore = fake.lists;
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Inactivate' }));

    expect(
      await screen.findByText('2 cafes inactivated, 1 failed: Cafe 3: Cafe 3 is busy'),
    ).toBeInTheDocument();
    expect(
      fake.toggles.map((request) => new URL(request.url, 'http://x').searchParams.get('markas')),
    ).toEqual(['INACTIVE', 'INACTIVE', 'INACTIVE']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bar()).not.toBeInTheDocument();
    await waitFor(() => expect(fake.lists).toBeGreaterThan(listsBefore));
  });
});
