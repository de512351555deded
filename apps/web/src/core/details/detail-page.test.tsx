import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { emptyPermissions, fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { type FakeHandler, type FakeRequest, jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';

/** The one detail layout's states, driven through the shop page and the real router. */
const SHOP_ID = '00000000-0000-4000-8000-0000000000dd';
const adminMe = makeMe({ role_type: 'admin', permissions: fullPermissions() });

function serveShop(handler: FakeHandler, me = adminMe) {
  const calls: string[] = [];
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, me),
    [`GET /admin/shop/${SHOP_ID}`]: (request) => {
      calls.push(request.url);
      return handler(request);
    },
    'GET /admin/shop': () =>
      jsonResponse(200, { shops: [], searchcount: 0, active: 0, inactive: 0, deleted: 0 }),
  });
  return calls;
}

const error = (statusCode: number, message: string) =>
  jsonResponse(statusCode, { statusCode, error: message, message });

describe('DetailPage', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('shows a not-found state with a link back to the list for an unknown id', async () => {
    const user = userEvent.setup();
    const calls = serveShop(() => error(404, 'Not Found'));
    const { router } = renderApp(`/shopdetail/${SHOP_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    expect(calls[0]).toContain('access_type=shopManagement');
    const back = screen.getByRole('link', { name: 'Back to Store and Shop' });
    expect(back).toHaveAttribute('href', '/shop');
    await user.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
  });

  it('treats a malformed id as not found', async () => {
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, adminMe),
      'GET /admin/shop/not-a-uuid': () => error(400, 'id must be a UUID'),
    });
    renderApp('/shopdetail/not-a-uuid');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
  });

  it("shows 'You dont have access' for a 403 and keeps the admin signed in", async () => {
    serveShop(() => error(403, 'Forbidden'));
    const { router } = renderApp(`/shopdetail/${SHOP_ID}`);

    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/shopdetail/${SHOP_ID}`);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access');
  });

  it('does not ask for an item the admin may not read', async () => {
    const calls = serveShop(() => jsonResponse(200, {}), makeMe({ permissions: emptyPermissions() }));
    renderApp(`/shopdetail/${SHOP_ID}`);
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("says 'Something went wrong' when the server fails, after trying again (without waiting here)", async () => {
    const calls = serveShop(() => error(500, 'Internal Server Error'));
    renderApp(`/shopdetail/${SHOP_ID}`);
    expect(await screen.findByText(MESSAGES.somethingWrong)).toBeInTheDocument();
    // The first try and the two retries of a 5xx (the tests' query client waits 0 ms between them).
    expect(calls).toHaveLength(3);
  });
});

/** A shop whose status the fake server keeps, so a change shows on the reloaded page. */
function serveActiveShop(me = adminMe) {
  const fake = {
    status: 'ACTIVE' as 'ACTIVE' | 'INACTIVE' | 'DELETED',
    reads: 0,
    calls: [] as FakeRequest[],
  };
  const shop = () => ({
    _id: SHOP_ID,
    userId: null,
    name: 'Corner Market',
    status: fake.status,
    address: '',
    description: 'Fresh fruit every morning.',
    markets: [],
    details: '',
    timings: '',
    contact: '',
    city: null,
    cityData: null,
    pincode: '',
    photos: [],
    imageurl: [],
    rating: { avgrating: 0, total_rating: 0, onestar: 0, twostar: 0, threestar: 0, fourstar: 0, fivestar: 0 },
    createdAt: '2024-03-01T10:00:00.000Z',
    updatedAt: '2024-03-02T10:00:00.000Z',
  });
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, me),
    [`GET /admin/shop/${SHOP_ID}`]: () => {
      fake.reads += 1;
      return jsonResponse(200, shop());
    },
    'GET /admin/shop/review': () => jsonResponse(200, { reviews: [], rating: shop().rating }),
    'GET /admin/shop': () =>
      jsonResponse(200, { shops: [], searchcount: 0, active: 0, inactive: 0, deleted: 0 }),
    [`PUT /admin/shop/toggle/${SHOP_ID}`]: (request) => {
      fake.calls.push(request);
      fake.status = new URL(request.url, 'http://x').searchParams.get('markas') as 'ACTIVE' | 'INACTIVE';
      return jsonResponse(200, { message: 'Marked' });
    },
    [`DELETE /admin/shop/${SHOP_ID}`]: (request) => {
      fake.calls.push(request);
      fake.status = 'DELETED';
      return jsonResponse(200, { message: 'Deleted Successfully' });
    },
  });
  return fake;
}

const headerActions = () => screen.queryByRole('group', { name: 'Actions for Corner Market' });

describe('DetailPage header', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('asks for the item while its page is still loading, and the page uses that answer', async () => {
    const fake = serveActiveShop();
    const { router } = renderApp('/account');
    // Preloading the route (as hovering a link does) runs its loader, not the page: the item asked
    // for now can only come from the route.
    await router.preloadRoute({ to: '/shopdetail/$id', params: { id: SHOP_ID } });
    await waitFor(() => expect(fake.reads).toBe(1));

    await router.navigate({ to: '/shopdetail/$id', params: { id: SHOP_ID } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Corner Market' })).toBeInTheDocument();
    expect(fake.reads).toBe(1);
  });

  it('asks for no item ahead of a page the admin may not read', async () => {
    const fake = serveActiveShop(makeMe({ permissions: emptyPermissions() }));
    const { router } = renderApp('/account');
    await router.preloadRoute({ to: '/shopdetail/$id', params: { id: SHOP_ID } });
    await router.navigate({ to: '/shopdetail/$id', params: { id: SHOP_ID } });
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
    expect(fake.reads).toBe(0);
  });

  it('names the record in the h1, the breadcrumb and the document title', async () => {
    serveActiveShop();
    renderApp(`/shopdetail/${SHOP_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Corner Market' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Store and Shop' })).toHaveAttribute('href', '/shop');
    expect(within(trail).getByText('Corner Market')).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Corner Market · Store and Shop · Roam Admin'));
  });

  it("offers the list's actions by status and permission", async () => {
    const permissions = emptyPermissions();
    permissions.shopManagement = { read: 1, write: 0, delete: 1 };
    serveActiveShop(makeMe({ permissions }));
    renderApp(`/shopdetail/${SHOP_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Corner Market' });
    const actions = await screen.findByRole('group', { name: 'Actions for Corner Market' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Delete']);
  });

  it('offers no action to a reader', async () => {
    const permissions = emptyPermissions();
    permissions.shopManagement = { read: 1, write: 0, delete: 0 };
    serveActiveShop(makeMe({ permissions }));
    renderApp(`/shopdetail/${SHOP_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Corner Market' });
    expect(headerActions()).not.toBeInTheDocument();
  });

  it('offers no status action on a deleted record', async () => {
    const fake = serveActiveShop();
    fake.status = 'DELETED';
    renderApp(`/shopdetail/${SHOP_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Corner Market' });
    expect(screen.getByText('DELETED')).toBeInTheDocument();
    expect(headerActions()).not.toBeInTheDocument();
  });

  it('inactivates after the same confirmation as the list, then shows the new status', async () => {
    const user = userEvent.setup();
    const fake = serveActiveShop();
    renderApp(`/shopdetail/${SHOP_ID}`);
    const actions = await screen.findByRole('group', { name: 'Actions for Corner Market' });
    expect(within(actions).queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Inactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to Inactivate this shop ?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Inactivate' }));

    expect(await screen.findByText('Shop inactivated')).toBeInTheDocument();
    expect(fake.calls[0]?.url).toContain('markas=INACTIVE');
    expect(await screen.findByText('INACTIVE')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it("deletes and goes back to the area's list with the message", async () => {
    const user = userEvent.setup();
    const fake = serveActiveShop();
    const { router } = renderApp(`/shopdetail/${SHOP_ID}`);
    const actions = await screen.findByRole('group', { name: 'Actions for Corner Market' });
    await user.click(within(actions).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(fake.calls[0]?.method).toBe('DELETE');
    expect(await screen.findByText(MESSAGES.deletedSuccessfully)).toBeInTheDocument();
  });
});

describe('DetailPage tabs', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('opens the tab the URL names and writes the one selected, replacing the entry', async () => {
    const user = userEvent.setup();
    serveActiveShop();
    const { router } = renderApp(`/shopdetail/${SHOP_ID}?tab=contact`);
    expect(await screen.findByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true');
    const entries = router.history.length;

    await user.click(screen.getByRole('tab', { name: 'Review' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'review' }));
    expect(screen.getByRole('tab', { name: 'Review' })).toHaveAttribute('aria-selected', 'true');
    expect(router.history.length).toBe(entries);
  });

  it('opens the first tab for an unknown one and drops it from the URL', async () => {
    serveActiveShop();
    const { router } = renderApp(`/shopdetail/${SHOP_ID}?tab=nothing-here`);
    expect(await screen.findByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });
});
