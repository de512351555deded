import { MESSAGES } from '@roam/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

const LINK = '/reset-password?mode=resetPassword&oobCode=code-1&lang=en';

describe('ResetPasswordPage', () => {
  it.each([
    ['EXPIRED_OOB_CODE', MESSAGES.resetLinkExpired],
    ['INVALID_OOB_CODE', MESSAGES.resetLinkInvalid],
  ])('explains a refused code (%s)', async (code, message) => {
    mockFetch({ 'GET /auth/password-reset': () => jsonResponse(400, { error: { message: code } }) });
    renderApp(LINK);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('treats a link without a code as invalid', async () => {
    const fetchMock = mockFetch({});
    renderApp('/reset-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetLinkInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the new password with the reset rules, then sets it and goes to /', async () => {
    const confirmed: unknown[] = [];
    mockFetch({
      'GET /auth/password-reset': ({ url }) => {
        expect(url).toBe('/auth/password-reset?oobCode=code-1');
        return jsonResponse(200, { email: 'admin@example.com' });
      },
      'POST /auth/password-reset/confirm': ({ body }) => {
        confirmed.push(body);
        return jsonResponse(200, {});
      },
    });
    const { router } = renderApp(LINK);
    const user = userEvent.setup();

    await screen.findByText('Choose a new password for admin@example.com');
    await user.type(screen.getByLabelText(/^New Password/), 'lowercase1!');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'different');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MESSAGES.passwordCapital)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^New Password/));
    await user.type(screen.getByLabelText(/^New Password/), 'Upper123!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MESSAGES.passwordsMustMatch)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Confirm Password/));
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Upper123!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(confirmed).toEqual([{ oobCode: 'code-1', newPassword: 'Upper123!' }]);
    expect(await screen.findByText(MESSAGES.passwordReset)).toBeInTheDocument();
  });
});
