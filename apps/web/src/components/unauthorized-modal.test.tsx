import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reportForbidden } from '../lib/forbidden-store';
import { makeMe } from '../test/fixtures';
import { jsonResponse, mockFetch } from '../test/mock-fetch';
import { renderApp } from '../test/render-app';

describe('UnauthorizedModal', () => {
  it("shows the server's message and closes to /analytics", async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, makeMe()),
      'GET /admin/analytics/allcount': () => jsonResponse(200, {}),
    });
    const { router } = renderApp('/account');
    await screen.findByRole('heading', { name: 'My Account' });

    act(() => reportForbidden('You may not change cities'));

    const dialog = await screen.findByRole('dialog', { name: MESSAGES.unauthorizedTitle });
    expect(dialog).toHaveTextContent('You may not change cities');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
