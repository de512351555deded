import { STORAGE_KEYS } from '@roam/contract/auth';
import type { User } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { emptyPermissions, fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { type FakeRequest, jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';
import { rowOf } from '../../test/rows';

function makeUser(index: number, overrides: Partial<User> = {}): User {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    userID: `U${index}`,
    username: `member${index}`,
    email: `member${index}@example.com`,
    role: 'user',
    status: 'ACTIVE',
    isBlocked: false,
    fullname: 'Member',
    lastname: `Number ${index}`,
    profileURL: null,
    homeLocation: null,
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

const adminMe = makeMe({ role_type: 'admin', permissions: fullPermissions() });

type Fake = { lists: URLSearchParams[]; calls: FakeRequest[] };

/** A fake server with four users; a change is answered `changeStatus` and recorded in `calls`. */
function serveUsers(options: { me?: ReturnType<typeof makeMe>; changeStatus?: number } = {}) {
  const fake: Fake = { lists: [], calls: [] };
  let rows = [
    makeUser(1),
    makeUser(2, { status: 'INACTIVE' }),
    makeUser(3, { role: 'sub-admin' }),
    makeUser(4, { isBlocked: true }),
    makeUser(5, { role: 'admin', status: 'DELETED' }),
  ];
  const change = (request: FakeRequest, next?: Partial<User>) => {
    fake.calls.push(request);
    const status = options.changeStatus ?? 200;
    if (status !== 200)
      return jsonResponse(status, { statusCode: status, error: 'Conflict', message: 'Refused' });
    const uid = new URL(request.url, 'http://localhost').searchParams.get('uid');
    rows = rows.map((row) => (row._id === uid ? { ...row, ...next } : row));
    return jsonResponse(200, { message: 'ok' });
  };
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, options.me ?? adminMe),
    'GET /admin/users': ({ url }) => {
      fake.lists.push(new URL(url, 'http://localhost').searchParams);
      return jsonResponse(200, { Users: rows, searchcount: rows.length, active: 3, inactive: 1, deleted: 1 });
    },
    'POST /admin/users/disable': (request) => change(request, { status: 'INACTIVE' }),
    'PUT /admin/users/enable': (request) => change(request, { status: 'ACTIVE' }),
    'DELETE /admin/users/deleteuser': (request) => change(request, { status: 'DELETED' }),
    'POST /admin/users/disablerole': (request) => change(request, { role: 'user' }),
  });
  return fake;
}

async function openMenu(username: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Actions for ${username}` }));
  return user;
}

const menuItems = async () => (await screen.findAllByRole('menuitem')).map((item) => item.textContent);

describe('User list', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('links the username to the profile and shows the name, role and a Blocked tag', async () => {
    const fake = serveUsers();
    renderApp('/user');

    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'member1' })).toHaveAttribute('href', '/userdetail/U1');
    const blockedRow = rowOf(screen.getByRole('link', { name: 'member4' }));
    expect(within(blockedRow).getByText('Blocked')).toBeInTheDocument();
    expect(within(blockedRow).getByText('Member Number 4')).toBeInTheDocument();
    const subAdminRow = rowOf(screen.getByRole('link', { name: 'member3' }));
    expect(within(subAdminRow).getByText('sub-admin')).toBeInTheDocument();
    expect(within(subAdminRow).getByText('ACTIVE')).toBeInTheDocument();
    expect(Object.fromEntries(fake.lists.at(-1) ?? [])).toMatchObject({
      status: 'All',
      access_type: 'userManagement',
    });
  });

  it('offers Make admin to an active plain user only, and Disable admin and Reset two-factor to admins', async () => {
    serveUsers();
    renderApp('/user');

    let user = await openMenu('member1');
    expect(await menuItems()).toEqual(['Make admin', 'Inactivate', 'Delete']);
    await user.keyboard('{Escape}');

    user = await openMenu('member2');
    await waitFor(async () => expect(await menuItems()).toEqual(['Activate', 'Delete']));
    await user.keyboard('{Escape}');

    await openMenu('member3');
    await waitFor(async () =>
      expect(await menuItems()).toEqual(['Disable admin', 'Reset two-factor', 'Inactivate', 'Delete']),
    );

    expect(screen.queryByRole('button', { name: 'Actions for member5' })).not.toBeInTheDocument();
  });

  it("offers no action on the signed-in admin's own row (the server refuses them all)", async () => {
    const self = makeUser(7, { userID: adminMe.profile.userID, role: 'admin', username: 'myself' });
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, adminMe),
      'GET /admin/users': () =>
        jsonResponse(200, { Users: [makeUser(1), self], searchcount: 2, active: 2, inactive: 0, deleted: 0 }),
    });
    renderApp('/user');
    await screen.findByRole('button', { name: 'Actions for member1' });
    expect(screen.getByText('myself')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for myself' })).not.toBeInTheDocument();
  });

  it("bulk-inactivates the selected users, oneself included, and reports the server's refusal", async () => {
    const user = userEvent.setup();
    const self = makeUser(7, { userID: adminMe.profile.userID, role: 'admin', username: 'myself' });
    const calls: string[] = [];
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, adminMe),
      'GET /admin/users': () =>
        jsonResponse(200, { Users: [makeUser(1), self], searchcount: 2, active: 2, inactive: 0, deleted: 0 }),
      'POST /admin/users/disable': ({ url }) => {
        const uid = new URL(url, 'http://localhost').searchParams.get('uid') ?? '';
        calls.push(uid);
        if (uid !== self._id) return jsonResponse(200, { message: 'ok' });
        return jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'You cannot change your own account',
        });
      },
    });
    renderApp('/user');
    await user.click(await screen.findByRole('checkbox', { name: 'Select member1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select myself' }));
    const bar = await screen.findByRole('region', { name: 'Selected rows' });
    await user.click(within(bar).getByRole('button', { name: 'Inactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to Inactivate these 2 users ?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Inactivate' }));

    expect(
      await screen.findByText('1 user inactivated, 1 failed: myself: You cannot change your own account'),
    ).toBeInTheDocument();
    expect(calls.sort()).toEqual([makeUser(1)._id, self._id].sort());
  });

  it('asks before inactivating, calls disable, toasts and reloads the list', async () => {
    const fake = serveUsers();
    renderApp('/user');

    const user = await openMenu('member1');
    await user.click(await screen.findByRole('menuitem', { name: 'Inactivate' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to Inactivate this user ?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No, Go Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Actions for member1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inactivate' }));
    dialog = await screen.findByRole('dialog');
    const listsBefore = fake.lists.length;
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Inactivate' }));

    await waitFor(() => expect(fake.calls).toHaveLength(1));
    const [call] = fake.calls;
    expect(call?.method).toBe('POST');
    expect(Object.fromEntries(new URL(call?.url ?? '', 'http://localhost').searchParams)).toEqual({
      uid: '00000000-0000-4000-8000-000000000001',
      access_type: 'userManagement',
    });
    expect(await screen.findByText(MESSAGES.userDeactivated)).toBeInTheDocument();
    await waitFor(() => expect(fake.lists.length).toBeGreaterThan(listsBefore));
    const row = rowOf(screen.getByRole('link', { name: 'member1' }));
    await waitFor(() => expect(within(row).getByText('INACTIVE')).toBeInTheDocument());
  });

  it('activates with PUT enable and deletes with DELETE deleteuser', async () => {
    const fake = serveUsers();
    renderApp('/user');

    let user = await openMenu('member2');
    await user.click(await screen.findByRole('menuitem', { name: 'Activate' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Activate' }));
    expect(await screen.findByText(MESSAGES.userActivated)).toBeInTheDocument();

    user = await openMenu('member4');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to Delete this user ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText(MESSAGES.deletedSuccessfully)).toBeInTheDocument();

    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /admin/users/enable',
      'DELETE /admin/users/deleteuser',
    ]);
  });

  it('disables an admin with POST disablerole', async () => {
    const fake = serveUsers();
    renderApp('/user');

    const user = await openMenu('member3');
    await user.click(await screen.findByRole('menuitem', { name: 'Disable admin' }));
    expect(await screen.findByText('Are you sure you want to Disable admin this user ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Disable admin' }));

    expect(await screen.findByText(MESSAGES.userRemovedAsAdmin)).toBeInTheDocument();
    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /admin/users/disablerole',
    ]);
    expect(fake.calls[0]?.url).toContain('uid=00000000-0000-4000-8000-000000000003');
    const row = rowOf(screen.getByRole('link', { name: 'member3' }));
    await waitFor(() => expect(within(row).getByText('user')).toBeInTheDocument());
  });

  it("shows the server's reason when a change is refused", async () => {
    serveUsers({ changeStatus: 409 });
    renderApp('/user');

    const user = await openMenu('member3');
    await user.click(await screen.findByRole('menuitem', { name: 'Disable admin' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Disable admin' }));
    expect(await screen.findByText('Refused')).toBeInTheDocument();
  });

  it('gives a sub-admin with only delete on users just the Delete entry', async () => {
    const permissions = emptyPermissions();
    permissions.userManagement = { read: 1, write: 0, delete: 1 };
    serveUsers({ me: makeMe({ permissions }) });
    renderApp('/user');

    await openMenu('member1');
    expect(await menuItems()).toEqual(['Delete']);
  });
});
