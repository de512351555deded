import { STORAGE_KEYS } from '@roam/contract/auth';
import type { User } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { emptyPermissions, fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { type FakeRequest, jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

const member: User = {
  _id: '00000000-0000-4000-8000-000000000001',
  userID: 'U1',
  username: 'ada',
  email: 'ada@example.com',
  role: 'user',
  status: 'ACTIVE',
  isBlocked: false,
  fullname: 'Ada',
  lastname: 'Lovelace',
  profileURL: null,
  homeLocation: null,
  createdAt: '2025-03-04T10:00:00.000Z',
  updatedAt: '2025-03-04T10:00:00.000Z',
};

const adminMe = makeMe({ role_type: 'admin', permissions: fullPermissions() });

type Fake = { lists: number; grants: FakeRequest[] };

function serve(options: { me?: ReturnType<typeof makeMe>; answer?: () => Response } = {}) {
  const fake: Fake = { lists: 0, grants: [] };
  let row = member;
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, options.me ?? adminMe),
    'GET /admin/users': () => {
      fake.lists += 1;
      return jsonResponse(200, { Users: [row], searchcount: 1, active: 1, inactive: 0, deleted: 0 });
    },
    'POST /admin/users/addrole': (request) => {
      fake.grants.push(request);
      if (options.answer) return options.answer();
      const roleType = new URL(request.url, 'http://localhost').searchParams.get('role_type') ?? 'user';
      row = { ...row, role: roleType };
      return jsonResponse(200, { message: MESSAGES.userAddedAsAdmin });
    },
  });
  return fake;
}

async function openMakeAdmin() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions for ada' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Make admin' }));
  const dialog = await screen.findByRole('dialog', { name: 'Make admin' });
  return { user, dialog };
}

const box = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name });

function expectTicked(
  dialog: HTMLElement,
  module: string,
  ticked: { read: boolean; write: boolean; delete: boolean },
) {
  const state = {
    read: (box(dialog, `${module} read`) as HTMLInputElement).checked,
    write: (box(dialog, `${module} write`) as HTMLInputElement).checked,
    delete: (box(dialog, `${module} delete`) as HTMLInputElement).checked,
  };
  expect(state).toEqual(ticked);
}

describe('Make admin popup', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('names the user and cascades the ticks: delete sets read and write, read alone clears them', async () => {
    serve();
    renderApp('/user');
    const { user, dialog } = await openMakeAdmin();

    expect(within(dialog).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Sub-admin' })).toBeChecked();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(33);
    expectTicked(dialog, 'Cafe', { read: false, write: false, delete: false });

    await user.click(box(dialog, 'Cafe delete'));
    expectTicked(dialog, 'Cafe', { read: true, write: true, delete: true });

    // Unticking read clears everything; ticking read again gives read alone.
    await user.click(box(dialog, 'Cafe read'));
    expectTicked(dialog, 'Cafe', { read: false, write: false, delete: false });
    await user.click(box(dialog, 'Cafe read'));
    expectTicked(dialog, 'Cafe', { read: true, write: false, delete: false });

    await user.click(box(dialog, 'Cafe write'));
    expectTicked(dialog, 'Cafe', { read: true, write: true, delete: false });
    await user.click(box(dialog, 'Cafe write'));
    expectTicked(dialog, 'Cafe', { read: true, write: false, delete: false });

    // Other modules are left alone.
    expectTicked(dialog, 'City', { read: false, write: false, delete: false });
  });

  it('grants sub-admin with the ticked permissions, toasts and reloads the list', async () => {
    const fake = serve();
    renderApp('/user');
    const { user, dialog } = await openMakeAdmin();
    const listsBefore = fake.lists;

    await user.click(box(dialog, 'Cafe delete'));
    await user.click(box(dialog, 'User read'));
    await user.click(box(dialog, 'Group write'));
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));

    await waitFor(() => expect(fake.grants).toHaveLength(1));
    const [grant] = fake.grants;
    expect(Object.fromEntries(new URL(grant?.url ?? '', 'http://localhost').searchParams)).toEqual({
      uid: member._id,
      role_type: 'sub-admin',
      access_type: 'userManagement',
    });
    const expected = emptyPermissions();
    expected.cafeManagement = { read: 1, write: 1, delete: 1 };
    expected.userManagement = { read: 1, write: 0, delete: 0 };
    expected.groupManagement = { read: 1, write: 1, delete: 0 };
    expect(grant?.body).toEqual({ permissions: expected });

    expect(await screen.findByText(MESSAGES.userAddedAsAdmin)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Make admin' })).not.toBeInTheDocument());
    await waitFor(() => expect(fake.lists).toBeGreaterThan(listsBefore));
    expect(await screen.findByText('sub-admin')).toBeInTheDocument();
  });

  it('lets an admin make an admin, with every permission', async () => {
    const fake = serve();
    renderApp('/user');
    const { user, dialog } = await openMakeAdmin();

    await user.click(within(dialog).getByRole('radio', { name: 'Admin' }));
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));

    await waitFor(() => expect(fake.grants).toHaveLength(1));
    expect(fake.grants[0]?.url).toContain('role_type=admin');
    expect(fake.grants[0]?.body).toEqual({ permissions: fullPermissions() });
    expect(await screen.findByText(MESSAGES.userAddedAsAdmin)).toBeInTheDocument();
  });

  it('lets a sub-admin grant only what it holds, and never the admin role', async () => {
    const permissions = emptyPermissions();
    permissions.userManagement = { read: 1, write: 1, delete: 0 };
    permissions.cityManagement = { read: 1, write: 0, delete: 0 };
    permissions.jobManagement = { read: 1, write: 0, delete: 1 };
    serve({ me: makeMe({ permissions }) });
    renderApp('/user');
    const { dialog } = await openMakeAdmin();

    expect(within(dialog).getByRole('radio', { name: 'Admin' })).toBeDisabled();
    expect(box(dialog, 'User read')).toBeEnabled();
    expect(box(dialog, 'User write')).toBeEnabled();
    expect(box(dialog, 'User delete')).toBeDisabled();
    expect(box(dialog, 'City read')).toBeEnabled();
    expect(box(dialog, 'City write')).toBeDisabled();
    // Ticking delete would also tick write, which this sub-admin lacks.
    expect(box(dialog, 'Jobs delete')).toBeDisabled();
    expect(box(dialog, 'Cafe read')).toBeDisabled();
  });

  it("shows the server's reason for a refusal and keeps the popup open", async () => {
    const fake = serve({
      answer: () =>
        jsonResponse(409, { statusCode: 409, error: 'Conflict', message: 'The user is not ACTIVE' }),
    });
    renderApp('/user');
    const { user, dialog } = await openMakeAdmin();

    await user.click(box(dialog, 'City read'));
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));

    expect(await screen.findByText('The user is not ACTIVE')).toBeInTheDocument();
    expect(fake.grants).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Make admin' })).toBeInTheDocument();
  });

  it("says 'Something went wrong' when the server fails", async () => {
    serve({
      answer: () => jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }),
    });
    renderApp('/user');
    const { user, dialog } = await openMakeAdmin();

    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText(MESSAGES.somethingWrong)).toBeInTheDocument();
  });

  it('closes on a 403, which the Unauthorized Access popup reports', async () => {
    serve({
      answer: () => jsonResponse(403, { statusCode: 403, error: 'Forbidden', message: 'Not yours to grant' }),
    });
    renderApp('/user');
    const { user, dialog } = await openMakeAdmin();

    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText('Not yours to grant')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Make admin' })).not.toBeInTheDocument());
  });
});
