import { STORAGE_KEYS } from '@roam/contract/auth';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../test/fixtures';
import { jsonResponse, mockFetch } from '../test/mock-fetch';
import { renderApp } from '../test/render-app';

describe('route guard', () => {
  it.each(['/analytics', '/account', '/rentaldetail/7', '/user-jobs/u-1'])(
    'sends a visitor without a token from %s to the sign-in page',
    async (path) => {
      mockFetch({});
      const { router } = renderApp(path);

      expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('sends a signed-in visitor from the sign-in page to /analytics', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, makeMe()),
      'GET /admin/analytics/allcount': () =>
        jsonResponse(200, {
          usercount: 0,
          shopcount: 0,
          rentalscount: 0,
          jobscount: 0,
          groupcount: 0,
          citycount: 0,
          cafecount: 0,
        }),
    });
    const { router } = renderApp('/');

    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics'));
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
  });

  it('lets anyone open the recovery pages', async () => {
    mockFetch({});
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/');
  });
});
