import { STORAGE_KEYS } from '@roam/contract/auth';
import type { AdminMe } from '@roam/contract/entities';
import { MFA_ERRORS } from '@roam/contract/mfa';
import { fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { type FakeHandler, type FakeRequest, jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY = Array.from({ length: 10 }, (_, n) => `abcd${n}-efgh${n}`);

/** A server where two-factor sign-in is off until POST /auth/mfa/activate with 123456. */
function serve(
  mfa: AdminMe['mfa'],
  role: AdminMe['role_type'] = 'sub-admin',
  more: Record<string, FakeHandler> = {},
) {
  const state = { mfa, calls: [] as FakeRequest[] };
  mockFetch({
    ...more,
    'GET /admin/me': () =>
      jsonResponse(200, makeMe({ role_type: role, permissions: fullPermissions(), mfa: state.mfa })),
    'GET /notifications/setting': () => jsonResponse(200, { export_ready_email: false }),
    'GET /admin/downloads': () => jsonResponse(200, { downloads: [] }),
    'POST /auth/mfa/enroll': () =>
      jsonResponse(200, {
        secret: SECRET,
        otpauth_url: `otpauth://totp/Roam%20Admin:sub%40example.com?secret=${SECRET}`,
        qr: 'data:image/png;base64,iVBORw0KGgo=',
      }),
    'POST /auth/mfa/activate': (request) => {
      state.calls.push(request);
      if ((request.body as { code: string }).code !== '123456')
        return jsonResponse(400, {
          statusCode: 400,
          error: 'INVALID_MFA_CODE',
          message: 'code: That code is not right',
        });
      state.mfa = { ...state.mfa, enabled: true };
      return jsonResponse(200, {
        access_token: 'new-access',
        refresh_token: 'new-refresh',
        expires_in: 900,
        token_type: 'Bearer',
        recovery_codes: RECOVERY,
      });
    },
  });
  return state;
}

describe('two-factor sign-in on My Account', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('sets it up: QR code and key, a first code, then the recovery codes shown once, with the new tokens kept', async () => {
    const user = userEvent.setup();
    const state = serve({ enabled: false, required: false });
    renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(within(section).getByText('Off')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Set up two-factor sign-in' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up two-factor sign-in' });
    expect(within(dialog).getByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(within(dialog).getByLabelText('Key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    const code = within(dialog).getByLabelText(/^Code from the app/);
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('That code is not right')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const codes = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-access');
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).toBe('new-refresh');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(section).getByText('On')).toBeInTheDocument());
    expect(state.calls).toHaveLength(2);
  });

  it('keeps an account whose role requires it on My Account until it is set up', async () => {
    serve({ enabled: false, required: true }, 'sub-admin', {
      // What the server answers every other call of such an account.
      'GET /admin/cafe': () =>
        jsonResponse(403, {
          statusCode: 403,
          error: MFA_ERRORS.enrollmentRequired,
          message: 'Two-factor sign-in is required for your role: set it up on My Account first',
        }),
    });
    const { router } = renderApp('/cafe');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(await screen.findByText(/Your role requires two-factor sign-in/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cafe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('shows admins the per-role requirement', async () => {
    serve({ enabled: true, required: false }, 'admin');
    mockFetch({
      'GET /admin/me': () =>
        jsonResponse(
          200,
          makeMe({
            role_type: 'admin',
            permissions: fullPermissions(),
            mfa: { enabled: true, required: false },
          }),
        ),
      'GET /notifications/setting': () => jsonResponse(200, { export_ready_email: false }),
      'GET /admin/security/mfa-policy': () => jsonResponse(200, { admin: false, 'sub-admin': true }),
    });
    renderApp('/account');
    const policy = await screen.findByRole('region', { name: 'Require two-factor sign-in' });
    await waitFor(() =>
      expect(within(policy).getByRole('switch', { name: 'For every sub-admin' })).toBeChecked(),
    );
    expect(within(policy).getByRole('switch', { name: 'For every admin' })).not.toBeChecked();
  });
});
