import { STORAGE_KEYS } from '@roam/contract/auth';
import { NOTIFICATIONS_SAVED } from '@roam/contract/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

describe('My Account notifications', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
  });

  it('shows the stored choice and saves a change at once', async () => {
    const posted: unknown[] = [];
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, makeMe()),
      'GET /notifications/setting': () => jsonResponse(200, { export_ready_email: false }),
      'POST /notifications/setting': ({ body }) => {
        posted.push(body);
        return jsonResponse(200, { message: NOTIFICATIONS_SAVED, settings: { export_ready_email: true } });
      },
    });
    renderApp('/account');
    const toggle = await screen.findByRole(
      'switch',
      { name: /download I asked for is ready/ },
      { timeout: 20_000 },
    );
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await userEvent.setup().click(toggle);
    expect(await screen.findByText(NOTIFICATIONS_SAVED)).toBeInTheDocument();
    expect(posted).toEqual([{ export_ready_email: true }]);
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
