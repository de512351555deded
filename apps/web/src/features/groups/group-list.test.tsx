import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { type FakeRequest, jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';
import { rowOf } from '../../test/rows';

function makeGroup(index: number, flags: { active: boolean; deleted?: boolean }) {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    statusID: `S${index}`,
    statusText: `Group ${index}`,
    description: '',
    imageurl: [],
    country: 'Portugal',
    membersCount: 12,
    rating: 4.56789,
    active: flags.active,
    deleted: flags.deleted ?? false,
    removed: false,
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
  };
}

type Fake = { lists: URLSearchParams[]; calls: FakeRequest[] };

function serveGroups() {
  const fake: Fake = { lists: [], calls: [] };
  const rows = [
    makeGroup(1, { active: true }),
    makeGroup(2, { active: false }),
    makeGroup(3, { active: false, deleted: true }),
  ];
  const record = (request: FakeRequest) => {
    fake.calls.push(request);
    return jsonResponse(200, { message: 'ok' });
  };
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, makeMe({ role_type: 'admin', permissions: fullPermissions() })),
    'GET /admin/city': () =>
      jsonResponse(200, { cities: [], searchcount: 0, active: 0, inactive: 0, deleted: 0 }),
    'GET /admin/group': ({ url }) => {
      fake.lists.push(new URL(url, 'http://localhost').searchParams);
      return jsonResponse(200, {
        groups: rows,
        searchcount: 3,
        active: 1,
        inactive: 1,
        deleted: 1,
        count: 3,
      });
    },
    'PUT /admin/group/toggle/00000000-0000-4000-8000-000000000001': record,
    'DELETE /admin/group/delete': record,
  });
  return fake;
}

const lastList = (fake: Fake) => fake.lists.at(-1) ?? new URLSearchParams();

describe('Group list', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('sends the tiles as status 1, 0 and DELETED, and omits it for All', async () => {
    const user = userEvent.setup();
    const fake = serveGroups();
    const { router } = renderApp('/group');

    expect(await screen.findByRole('link', { name: 'Group 1' })).toHaveAttribute('href', '/groupdetail/S1');
    expect(lastList(fake).has('status')).toBe(false);
    expect(lastList(fake).get('access_type')).toBe('groupManagement');

    const tiles = screen.getByRole('group', { name: 'Status' });
    await user.click(within(tiles).getByRole('button', { name: /^Active/ }));
    await waitFor(() => expect(lastList(fake).get('status')).toBe('1'));
    await user.click(within(tiles).getByRole('button', { name: /^Inactive/ }));
    await waitFor(() => expect(lastList(fake).get('status')).toBe('0'));
    await user.click(within(tiles).getByRole('button', { name: /^Deleted/ }));
    await waitFor(() => expect(lastList(fake).get('status')).toBe('DELETED'));
    // All is the first, unfiltered view: kept in the cache (SPEC §4), so it is not asked again.
    await user.click(within(tiles).getByRole('button', { name: /^All/ }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('status'));
    expect(fake.lists.map((list) => list.get('status'))).toEqual([null, '1', '0', 'DELETED']);
  });

  it('shows the status from the booleans and the rating cut to 4 characters', async () => {
    serveGroups();
    renderApp('/group');

    const row = (name: string) => rowOf(screen.getByRole('link', { name }));
    await screen.findByRole('link', { name: 'Group 1' });
    expect(within(row('Group 1')).getByText('Active')).toBeInTheDocument();
    expect(within(row('Group 1')).getByText('4.56')).toBeInTheDocument();
    expect(within(row('Group 2')).getByText('Inactive')).toBeInTheDocument();
    expect(within(row('Group 3')).getByText('Deleted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Group 3' })).not.toBeInTheDocument();
  });

  it('inactivates with markas=0 and deletes by statusId', async () => {
    const user = userEvent.setup();
    const fake = serveGroups();
    renderApp('/group');

    await user.click(await screen.findByRole('button', { name: 'Actions for Group 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inactivate' }));
    expect(await screen.findByText('Are you sure you want to Inactivate this group ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Inactivate' }));
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]?.url).toContain('markas=0');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for Group 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText(MESSAGES.groupDeleted)).toBeInTheDocument();
    expect(fake.calls[1]?.method).toBe('DELETE');
    expect(Object.fromEntries(new URL(fake.calls[1]?.url ?? '', 'http://localhost').searchParams)).toEqual({
      statusId: 'S2',
      access_type: 'groupManagement',
    });
  });

  it("shows one user's groups by userId", async () => {
    const fake = serveGroups();
    renderApp('/user-groups/U7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Users Groups' })).toBeInTheDocument();
    await waitFor(() => expect(lastList(fake).get('userId')).toBe('U7'));
    expect(lastList(fake).has('uid')).toBe(false);
  });
});
