import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { emptyPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';

const counts = {
  usercount: 1,
  shopcount: 2,
  rentalscount: 3,
  jobscount: 4,
  groupcount: 5,
  citycount: 6,
  cafecount: 7,
};

function subAdminWithTwoModules() {
  const permissions = emptyPermissions();
  permissions.cityManagement = { read: 1, write: 0, delete: 0 };
  permissions.groupManagement = { read: 1, write: 1, delete: 1 };
  permissions.userManagement = { read: 0, write: 1, delete: 0 };
  return makeMe({ permissions });
}

describe('AppLayout', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('shows a sub-admin Analytics and the two modules it may read, plus Logout', async () => {
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, subAdminWithTwoModules()),
      'GET /admin/analytics/allcount': () => jsonResponse(200, counts),
    });
    renderApp('/analytics');

    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(navigation).getByRole('link', { name: 'City' })).toBeInTheDocument());
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Analytics', 'City', 'Group']);
    expect(within(navigation).getByRole('link', { name: 'Group' })).toHaveAttribute('href', '/group');
    expect(within(navigation).getByRole('link', { name: 'Analytics' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(navigation).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My account: sub.admin' })).toHaveAttribute('href', '/account');
    expect(await screen.findByText('7')).toBeInTheDocument();
  });

  it('shows a sub-admin the Active Users graph page under Analytics', async () => {
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, subAdminWithTwoModules()),
      'GET /admin/analytics/graph/users': () => jsonResponse(200, { graph: [{ '01-2026': 3 }] }),
      'GET /admin/analytics/graph/groups': () => jsonResponse(200, { graph: [{ '01-2026': 1 }] }),
    });
    renderApp('/analytics/graph');

    expect(await screen.findByRole('heading', { level: 1, name: 'Active Users' })).toBeInTheDocument();
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() =>
      expect(within(navigation).getByRole('link', { name: 'Analytics' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
  });

  it('logs out: revokes the refresh token, clears local storage and goes to /', async () => {
    const signoutBodies: unknown[] = [];
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, subAdminWithTwoModules()),
      'GET /admin/analytics/allcount': () => jsonResponse(200, counts),
      'POST /auth/signout': ({ body }) => {
        signoutBodies.push(body);
        return jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'ignored' });
      },
    });
    const { router } = renderApp('/analytics');
    localStorage.setItem('other', 'value');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.length).toBe(0);
    expect(signoutBodies).toEqual([{ refresh_token: 'refresh' }]);
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it("says 'You dont have access' and goes to / when the dashboard is refused", async () => {
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, subAdminWithTwoModules()),
      'GET /admin/analytics/allcount': () =>
        jsonResponse(403, { statusCode: 403, error: 'Forbidden', message: 'Not allowed' }),
      'POST /auth/signout': () => jsonResponse(204),
    });
    const { router } = renderApp('/analytics');

    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
