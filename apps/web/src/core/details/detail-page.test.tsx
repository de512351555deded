import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { emptyPermissions, fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { type FakeHandler, jsonResponse, mockFetch } from '../../test/mock-fetch';
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
