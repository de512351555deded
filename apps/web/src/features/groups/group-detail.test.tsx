import { STORAGE_KEYS } from '@roam/contract/auth';
import type { GroupDetail } from '@roam/contract/details';
import { MESSAGES } from '@roam/contract/messages';
import { emptyPermissions, fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { type FakeRequest, jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';
import { onWideScreen } from '../../test/wide-screen';

const uuid = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

type Member = GroupDetail['members'][number];

function makeMember(index: number, overrides: Partial<Member> = {}): Member {
  return {
    _id: uuid(100 + index),
    status: 'ACTIVE',
    removed: false,
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-05T10:00:00.000Z',
    user: {
      _id: uuid(200 + index),
      userID: `U${index}`,
      username: `member${index}`,
      email: `member${index}@example.com`,
      fullname: `Member ${index}`,
    },
    ...overrides,
  };
}

const groupinfo: GroupDetail['groupinfo'] = {
  _id: uuid(1),
  statusID: 'S1',
  statusText: 'Surfers of Lisbon',
  description: 'Waves every morning',
  imageurl: [],
  country: 'Portugal',
  membersCount: 45,
  rating: 4.25,
  active: true,
  deleted: false,
  removed: false,
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
};

const adminMe = makeMe({ role_type: 'admin', permissions: fullPermissions() });

function readOnlyMe() {
  const permissions = emptyPermissions();
  permissions.groupManagement = { read: 1, write: 0, delete: 0 };
  return makeMe({ permissions });
}

type Fake = { loads: URLSearchParams[]; removals: FakeRequest[] };

/** A fake server with one group (statusID S1) whose members can be removed. */
function serveGroup(
  options: { me?: ReturnType<typeof makeMe>; members?: Member[]; searchcount?: number; status?: number } = {},
) {
  const fake: Fake = { loads: [], removals: [] };
  let members = options.members ?? [
    makeMember(1),
    makeMember(2, { status: 'INACTIVE' }),
    makeMember(3, { status: 'DELETED', removed: true }),
    makeMember(4, { user: null }),
  ];
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, options.me ?? adminMe),
    'GET /admin/group/S1': ({ url }) => {
      fake.loads.push(new URL(url, 'http://localhost').searchParams);
      if (options.status) {
        return jsonResponse(options.status, { statusCode: options.status, error: 'Error', message: 'No' });
      }
      return jsonResponse(200, {
        groupinfo,
        members,
        searchcount: options.searchcount ?? members.length,
        active: 2,
        inactive: 1,
        deleted: 1,
      });
    },
    'POST /admin/group/remove/members': (request) => {
      fake.removals.push(request);
      const { userID } = request.body as { userID: string };
      members = members.map((member) =>
        member.user?.userID === userID ? { ...member, status: 'DELETED', removed: true } : member,
      );
      return jsonResponse(202, { message: 'Removed' });
    },
  });
  return fake;
}

const lastLoad = (fake: Fake) => fake.loads.at(-1) ?? new URLSearchParams();
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('Group detail', () => {
  // The tables as on a wide screen; the stacked cards below `sm` are core/tables' own test.
  let restoreScreen: () => void;
  beforeEach(() => {
    restoreScreen = onWideScreen();
  });
  afterEach(() => restoreScreen());
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('shows the group and its members, numbered, with Not available for missing values', async () => {
    const fake = serveGroup({ searchcount: 45 });
    renderApp('/groupdetail/S1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Surfers of Lisbon' })).toBeInTheDocument();
    expect(screen.getByText('Waves every morning')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(Object.fromEntries(lastLoad(fake))).toEqual({
      skip: '0',
      limit: '20',
      access_type: 'groupManagement',
    });

    const table = await screen.findByRole('table', { name: 'Members' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'member1' })).toHaveAttribute(
      'href',
      '/userdetail/U1',
    );
    expect(rows[0]).toHaveTextContent('member1@example.com');
    expect(rows[0]).toHaveTextContent('04/03/2025');
    expect(rows[0]).toHaveTextContent('05/03/2025');
    expect(rows[1]).toHaveTextContent('INACTIVE');
    expect(within(rows[3] as HTMLElement).getAllByText(MESSAGES.notAvailable)).toHaveLength(2);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('searches on Enter and goes back to the first page', async () => {
    const user = userEvent.setup();
    const fake = serveGroup({ searchcount: 45 });
    const { router } = renderApp('/groupdetail/S1?page=2');
    await screen.findByText('Page 2 of 3');
    expect(lastLoad(fake).get('skip')).toBe('20');

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'member1');
    expect(lastLoad(fake).get('searchphrase')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastLoad(fake).get('searchphrase')).toBe('member1'));
    expect(lastLoad(fake).get('skip')).toBe('0');
    expect(router.state.location.search).toEqual({ q: 'member1' });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('filters by the From date', async () => {
    const user = userEvent.setup();
    const fake = serveGroup();
    renderApp('/groupdetail/S1');
    await screen.findByRole('table', { name: 'Members' });

    await user.click(screen.getByRole('button', { name: 'From' }));
    const today = dayjs();
    await user.click(await screen.findByRole('button', { name: today.format('D MMMM YYYY') }));
    await waitFor(() => expect(lastLoad(fake).get('from_date')).toBe(today.format('YYYY-MM-DD')));
    expect(lastLoad(fake).get('skip')).toBe('0');
  });

  it('pages with Next and Previous, 20 members at a time', async () => {
    const user = userEvent.setup();
    const fake = serveGroup({ searchcount: 45 });
    const { router } = renderApp('/groupdetail/S1');
    await screen.findByText('Page 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastLoad(fake).get('skip')).toBe('20'));
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    const firstRow = within(screen.getByRole('table', { name: 'Members' })).getAllByRole('row')[1];
    expect(within(firstRow as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('21');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastLoad(fake).get('skip')).toBe('40'));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(lastLoad(fake).get('skip')).toBe('20'));
  });

  it('removes a member after confirmation, toasts and reloads', async () => {
    const user = userEvent.setup();
    const fake = serveGroup();
    renderApp('/groupdetail/S1');
    await screen.findByRole('link', { name: 'member1' });

    await user.click(within(rowOf('member1')).getByRole('button', { name: 'Actions for member1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove Member' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to Remove this member ?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'No, Go Back' })).toBeInTheDocument();
    const loadsBefore = fake.loads.length;

    await user.click(within(dialog).getByRole('button', { name: 'Yes, Remove' }));
    await waitFor(() => expect(fake.removals).toHaveLength(1));
    expect(fake.removals[0]?.body).toEqual({ statusID: 'S1', userID: 'U1' });
    expect(new URL(fake.removals[0]?.url ?? '', 'http://localhost').searchParams.get('access_type')).toBe(
      'groupManagement',
    );
    expect(await screen.findByText('Member removed')).toBeInTheDocument();
    await waitFor(() => expect(fake.loads.length).toBeGreaterThan(loadsBefore));
    await waitFor(() => expect(rowOf('member1')).toHaveTextContent('DELETED'));
    expect(within(rowOf('member1')).queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it("shows the server's reason when a removal is refused", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, adminMe),
      'GET /admin/group/S1': () =>
        jsonResponse(200, {
          groupinfo,
          members: [makeMember(1)],
          searchcount: 1,
          active: 1,
          inactive: 0,
          deleted: 0,
        }),
      'POST /admin/group/remove/members': () =>
        jsonResponse(409, { statusCode: 409, error: 'Conflict', message: 'Member already removed' }),
    });
    renderApp('/groupdetail/S1');

    await user.click(await screen.findByRole('button', { name: 'Actions for member1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove Member' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Remove' }));
    expect(await screen.findByText('Member already removed')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers no menu on deleted members, members without a user, or without write on groups', async () => {
    serveGroup();
    const first = renderApp('/groupdetail/S1');
    await screen.findByRole('link', { name: 'member1' });
    expect(within(rowOf('member2')).getByRole('button', { name: 'Actions for member2' })).toBeInTheDocument();
    expect(within(rowOf('member3')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Actions for/ })).toHaveLength(2);
    first.unmount();

    serveGroup({ me: readOnlyMe() });
    renderApp('/groupdetail/S1');
    await screen.findByRole('link', { name: 'member1' });
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('says the group was not found, with a way back to the list', async () => {
    serveGroup({ status: 404 });
    renderApp('/groupdetail/S1');
    expect(await screen.findByText('Group not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to groups' })).toHaveAttribute('href', '/group');
  });

  it("says 'You dont have access' without read on groups, and loads nothing", async () => {
    const fake = serveGroup({ me: makeMe() });
    renderApp('/groupdetail/S1');
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
    expect(fake.loads).toHaveLength(0);
  });
});
