import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { emptyPermissions, fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCafe, makeMe } from '../../../test/fixtures';
import { type FakeRequest, jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { prefetchList } from '../list-query';

/** The one list screen, driven through the cafe declaration and the real router. */
const adminMe = makeMe({ role_type: 'admin', permissions: fullPermissions() });

function readOnlyMe() {
  const permissions = emptyPermissions();
  permissions.cafeManagement = { read: 1, write: 0, delete: 0 };
  return makeMe({ permissions });
}

type Fake = { lists: URLSearchParams[]; calls: FakeRequest[] };

function serveCafes(
  options: {
    me?: ReturnType<typeof makeMe>;
    rows?: ReturnType<typeof makeCafe>[];
    searchcount?: number;
    countsCapped?: boolean;
    countsEstimated?: boolean;
    counts?: { active: number; inactive: number; deleted: number };
  } = {},
) {
  const fake: Fake = { lists: [], calls: [] };
  const rows = options.rows ?? [makeCafe(1), makeCafe(2, 'INACTIVE'), makeCafe(3, 'DELETED')];
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, options.me ?? adminMe),
    'GET /admin/cafe': ({ url }) => {
      fake.lists.push(new URL(url, 'http://localhost').searchParams);
      return jsonResponse(200, {
        cafes: rows,
        searchcount: options.searchcount ?? rows.length,
        ...(options.counts ?? { active: 41, inactive: 7, deleted: 2 }),
        ...(options.countsCapped ? { countsCapped: true } : {}),
        ...(options.countsEstimated ? { countsEstimated: true } : {}),
      });
    },
    'PUT /admin/cafe/toggle/00000000-0000-4000-8000-000000000001': (request) => {
      fake.calls.push(request);
      return jsonResponse(200, { message: 'Marked INACTIVE' });
    },
    'DELETE /admin/cafe/00000000-0000-4000-8000-000000000002': (request) => {
      fake.calls.push(request);
      return jsonResponse(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'Cannot mark cafes DELETED as DELETED',
      });
    },
  });
  return fake;
}

const lastList = (fake: Fake) => fake.lists.at(-1) ?? new URLSearchParams();

describe('ListPage', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('shows the rows, the tile counts under the filters and the total', async () => {
    const fake = serveCafes({ searchcount: 50 });
    renderApp('/cafe');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cafe' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Cafe 1' })).toHaveAttribute(
      'href',
      '/cafedetail/00000000-0000-4000-8000-000000000001',
    );
    const tiles = screen.getByRole('group', { name: 'Status' });
    expect(within(tiles).getByRole('button', { name: /All\s*50/ })).toHaveAttribute('aria-pressed', 'true');
    expect(within(tiles).getByRole('button', { name: /Active\s*41/ })).toBeInTheDocument();
    expect(within(tiles).getByRole('button', { name: /Deleted\s*2/ })).toBeInTheDocument();
    expect(screen.getByText('Total Records Found: 50')).toBeInTheDocument();
    expect(screen.getAllByLabelText('City').length).toBeGreaterThan(0);
    expect(Object.fromEntries(lastList(fake))).toEqual({
      skip: '0',
      limit: '20',
      status: 'All',
      access_type: 'cafeManagement',
    });
  });

  it('shows counts past the server cap as lower bounds', async () => {
    serveCafes({ searchcount: 10_001, countsCapped: true });
    renderApp('/cafe?q=a');
    expect(await screen.findByText('Total Records Found: 10,000+')).toBeInTheDocument();
    const tiles = screen.getByRole('group', { name: 'Status' });
    expect(within(tiles).getByRole('button', { name: /All\s*50\+/ })).toBeInTheDocument();
    expect(within(tiles).getByRole('button', { name: /Active\s*41\+/ })).toBeInTheDocument();
  });

  it('shows estimated counts as estimates, in the tiles, the total and the download menu', async () => {
    const user = userEvent.setup();
    serveCafes({
      searchcount: 24_731,
      countsEstimated: true,
      counts: { active: 24_731, inactive: 2_987, deleted: 1_433 },
    });
    renderApp('/cafe?q=mar');
    await screen.findByRole('link', { name: 'Cafe 1' });
    expect(screen.getByText('Total Records Found: about 25,000')).toBeInTheDocument();
    const tiles = screen.getByRole('group', { name: 'Status' });
    expect(within(tiles).getByRole('button', { name: /All\s*about 29,000/ })).toBeInTheDocument();
    expect(within(tiles).getByRole('button', { name: /Active\s*about 25,000/ })).toBeInTheDocument();
    expect(within(tiles).getByRole('button', { name: /Deleted\s*about 1,400/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(/All about 25,000 matching/)).toBeInTheDocument();
  });

  it('searches on Enter, pages, and a tile resets search and paging', async () => {
    const user = userEvent.setup();
    const fake = serveCafes({ searchcount: 50 });
    const { router } = renderApp('/cafe');
    await screen.findByRole('link', { name: 'Cafe 1' });

    await user.type(screen.getByRole('textbox', { name: 'Search' }), '100%_ok');
    expect(lastList(fake).get('searchphrase')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastList(fake).get('searchphrase')).toBe('100%_ok'));

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastList(fake).get('skip')).toBe('20'));
    expect(router.state.location.search).toMatchObject({ q: '100%_ok', page: 2 });

    await user.click(screen.getByRole('button', { name: /Inactive\s*7/ }));
    await waitFor(() => expect(lastList(fake).get('status')).toBe('INACTIVE'));
    expect(Object.fromEntries(lastList(fake))).toMatchObject({ skip: '0' });
    expect(lastList(fake).get('searchphrase')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  it('clears the search with its clear icon', async () => {
    const user = userEvent.setup();
    const fake = serveCafes();
    renderApp('/cafe?q=lis');
    await screen.findByRole('link', { name: 'Cafe 1' });
    expect(lastList(fake).get('searchphrase')).toBe('lis');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(lastList(fake).get('searchphrase')).toBeNull());
  });

  it('offers the city filter only to those who may read the cities', async () => {
    serveCafes({ me: readOnlyMe() });
    renderApp('/cafe');
    await screen.findByRole('link', { name: 'Cafe 1' });
    expect(screen.getByLabelText('Search')).toBeInTheDocument();
    expect(screen.queryAllByLabelText('City')).toEqual([]);
  });

  it('offers to clear the filters when nothing matches them, keeping the tile', async () => {
    const user = userEvent.setup();
    const fake = serveCafes({ rows: [], searchcount: 0 });
    const { router } = renderApp('/cafe?status=ACTIVE&q=zzz&from=2025-01-01');
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'ACTIVE' }));
    expect(lastList(fake).get('searchphrase')).toBeNull();
    expect(lastList(fake).get('from_date')).toBeNull();
    expect(lastList(fake).get('status')).toBe('ACTIVE');
    // Unfiltered and empty: nothing to clear.
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('offers Inactivate, Activate and Delete by status, and no menu on a deleted row', async () => {
    const user = userEvent.setup();
    serveCafes();
    renderApp('/cafe');

    await user.click(await screen.findByRole('button', { name: 'Actions for Cafe 1' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Inactivate',
      'Delete',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Cafe 2' }));
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Activate', 'Delete']),
    );
    expect(screen.queryByRole('button', { name: 'Actions for Cafe 3' })).not.toBeInTheDocument();
  });

  it('asks before inactivating, calls the toggle, toasts and reloads the list', async () => {
    const user = userEvent.setup();
    const fake = serveCafes();
    renderApp('/cafe');

    await user.click(await screen.findByRole('button', { name: 'Actions for Cafe 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to Inactivate this cafe ?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'No, Go Back' })).toBeInTheDocument();
    const listsBefore = fake.lists.length;

    await user.click(within(dialog).getByRole('button', { name: 'Yes, Inactivate' }));
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]?.url).toContain('markas=INACTIVE');
    expect(await screen.findByText('Cafe inactivated')).toBeInTheDocument();
    await waitFor(() => expect(fake.lists.length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's reason when a change is refused, and keeps the dialog", async () => {
    const user = userEvent.setup();
    const fake = serveCafes();
    renderApp('/cafe');

    await user.click(await screen.findByRole('button', { name: 'Actions for Cafe 2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]?.method).toBe('DELETE');
    expect(await screen.findByText('Cannot mark cafes DELETED as DELETED')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('selects the whole page from the header checkbox', async () => {
    const user = userEvent.setup();
    serveCafes();
    renderApp('/cafe');
    await screen.findByRole('link', { name: 'Cafe 1' });

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    for (const name of ['Cafe 1', 'Cafe 2', 'Cafe 3']) {
      expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
    }
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Cafe 2' }));
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).not.toBeChecked();
  });

  it('shows a read-only sub-admin the rows without any menu', async () => {
    serveCafes({ me: readOnlyMe() });
    renderApp('/cafe');
    await screen.findByRole('link', { name: 'Cafe 1' });
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('does not load a list the admin may not read', async () => {
    const fake = serveCafes({ me: makeMe() });
    renderApp('/cafe');
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
    expect(fake.lists).toHaveLength(0);
  });

  it("shows one user's items with the per-user title and a back control", async () => {
    const fake = serveCafes();
    renderApp('/user-cafe/U0000001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users cafe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await waitFor(() => expect(lastList(fake).get('uid')).toBe('U0000001'));
  });

  it("says 'No data available' for an empty list", async () => {
    serveCafes({ rows: [] });
    renderApp('/cafe');
    expect(await screen.findByText(MESSAGES.noData)).toBeInTheDocument();
  });

  it("toasts 'You dont have access' and goes to / when the load is refused", async () => {
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, adminMe),
      'GET /admin/cafe': () => jsonResponse(403, { statusCode: 403, error: 'Forbidden', message: 'no' }),
      'POST /auth/signout': () => jsonResponse(204),
    });
    const { router } = renderApp('/cafe');
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('offers Try again when a load fails for a reason other than access, and loads again', async () => {
    const user = userEvent.setup();
    let isDown = true;
    const signOuts: FakeRequest[] = [];
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, adminMe),
      'GET /admin/cafe': () =>
        isDown
          ? jsonResponse(503, { statusCode: 503, error: 'Service Unavailable', message: 'draining' })
          : jsonResponse(200, { cafes: [makeCafe(1)], searchcount: 1, active: 1, inactive: 0, deleted: 0 }),
      'POST /auth/signout': (request) => {
        signOuts.push(request);
        return jsonResponse(204);
      },
    });
    const { router } = renderApp('/cafe');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText(MESSAGES.somethingWrong)).toBeInTheDocument();
    // A 503 is retried and shown, never a sign-out.
    expect(router.state.location.pathname).toBe('/cafe');
    expect(signOuts).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access');

    isDown = false;
    await user.click(retry);
    expect(await screen.findByRole('link', { name: 'Cafe 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("focuses 'No, Go Back' when the confirm dialog opens", async () => {
    const user = userEvent.setup();
    const fake = serveCafes();
    renderApp('/cafe');
    await user.click(await screen.findByRole('button', { name: 'Actions for Cafe 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'No, Go Back' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls).toEqual([]);
  });

  it('opens /cities/{status} on that tile', async () => {
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, adminMe),
      // The list the page then asks for (an unanswered call would send the page away).
      'GET /admin/city': () =>
        jsonResponse(200, { cities: [], searchcount: 0, active: 0, inactive: 0, deleted: 0 }),
    });
    const { router } = renderApp('/cities/inactive');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cities'));
    expect(router.state.location.search).toMatchObject({ status: 'INACTIVE' });
  });

  it('asks for a list while its page is still loading, and the page uses that answer', async () => {
    const fake = serveCafes();
    const { router } = renderApp('/account');
    // Preloading the route (as hovering its link does) runs its guards, not the page: the list
    // asked for now can only come from the route, with the status in its URL.
    await router.preloadRoute({ to: '/cafe', search: { status: 'INACTIVE' } });
    await waitFor(() => expect(fake.lists).toHaveLength(1));
    expect(lastList(fake).get('status')).toBe('INACTIVE');

    await router.navigate({ to: '/cafe', search: { status: 'INACTIVE' } });
    expect(await screen.findByRole('link', { name: 'Cafe 1' })).toBeInTheDocument();
    expect(fake.lists).toHaveLength(1);
  });

  it('leaves a search to the page, and asks for no list the admin may not read', async () => {
    const fake = serveCafes({ me: readOnlyMe() });
    const { queryClient } = renderApp('/account');
    await prefetchList(queryClient, 'cafes', { q: 'mar' });
    await prefetchList(queryClient, 'cafes', { page: 2 });
    await prefetchList(queryClient, 'shops', {});
    expect(fake.lists).toEqual([]);
    const asked = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(asked.filter((url) => url.includes('/admin/shop'))).toEqual([]);
    await prefetchList(queryClient, 'cafes', {});
    expect(fake.lists).toHaveLength(1);
  });

  it('leaves a failed /admin/me to the screen: the prefetch settles without asking for the list', async () => {
    mockFetch({
      'GET /admin/me': () =>
        jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'down' }),
    });
    const { queryClient } = renderApp('/forgot-password');
    await expect(prefetchList(queryClient, 'cafes', {})).resolves.toBeUndefined();
    const asked = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(asked.filter((url) => url.includes('/admin/cafe'))).toEqual([]);
  });
});
