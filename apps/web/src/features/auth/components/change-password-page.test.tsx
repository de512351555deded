import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { PASSWORD_RULE } from '@roam/contract/validation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { type FakeHandler, jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

type Passwords = { current: string; next: string; confirm: string };

function mockServer(onChangePassword: FakeHandler) {
  return mockFetch({
    'GET /admin/me': () => jsonResponse(200, makeMe()),
    'POST /auth/password': onChangePassword,
  });
}

async function submit({ current, next, confirm }: Passwords) {
  const user = userEvent.setup();
  const fill = async (label: RegExp, value: string) => {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  };
  await fill(/^Current Password/, current);
  await fill(/^New Password/, next);
  await fill(/^Confirm Password/, confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

/** The toast with this text, and its level (info, error or success). */
async function findToast(message: string) {
  const text = await screen.findByText(message);
  const toast = text.closest('[data-level]');
  return { level: toast?.getAttribute('data-level'), toast };
}

/** The message shown under a field (its accessible description), and its level. */
async function findFieldMessage(label: RegExp, message: string) {
  const input = screen.getByLabelText(label);
  await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(message)));
  expect(input).toHaveAttribute('aria-invalid', 'true');
  return screen.getByText(message).closest('[data-level]')?.getAttribute('data-level');
}

async function openPage() {
  renderApp('/change-password');
  await screen.findByRole('heading', { name: 'Change Password' });
}

describe('ChangePasswordPage', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it.each<[string, Passwords, RegExp, 'info' | 'error', string]>([
    [
      'a missing field',
      { current: 'Old1234!', next: 'New1234!', confirm: '' },
      /^Confirm Password/,
      'error',
      MESSAGES.required,
    ],
    // (1) comes first even when the confirmation differs and the password is weak.
    [
      'new equals current',
      { current: 'abc', next: 'abc', confirm: 'xyz' },
      /^New Password/,
      'info',
      MESSAGES.samePassword,
    ],
    // (2) comes before (3): a weak password whose confirmation differs.
    [
      'confirmation differs',
      { current: 'Old1234!', next: 'weak', confirm: 'weaker' },
      /^Confirm Password/,
      'error',
      MESSAGES.confirmMismatch,
    ],
    [
      'weak new password',
      { current: 'Old1234!', next: 'weakpass', confirm: 'weakpass' },
      /^New Password/,
      'info',
      MESSAGES.weakPassword,
    ],
    [
      'characters outside the set',
      { current: 'Old1234!', next: 'New1234!^', confirm: 'New1234!^' },
      /^New Password/,
      'info',
      MESSAGES.weakPassword,
    ],
  ])('checks the rules in order, told under the field: %s', async (_, passwords, field, level, message) => {
    const fetchMock = mockServer(() => jsonResponse(200, {}));
    await openPage();

    await submit(passwords);

    expect(await findFieldMessage(field, message)).toBe(level);
    // Not a toast: toasts stacked over the header, one per attempt.
    expect(document.querySelector('[data-level].mantine-Notification-root')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/auth/password');
  });

  it('replaces the previous message instead of adding one per attempt', async () => {
    mockServer(() => jsonResponse(200, {}));
    await openPage();

    await submit({ current: 'Old1234!', next: 'weak', confirm: 'weaker' });
    await findFieldMessage(/^Confirm Password/, MESSAGES.confirmMismatch);
    await submit({ current: 'Old1234!', next: 'weakpass', confirm: 'weakpass' });

    await findFieldMessage(/^New Password/, MESSAGES.weakPassword);
    expect(screen.queryByText(MESSAGES.confirmMismatch)).toBeNull();
  });

  it('says what a strong password is beside the new password (so that "Weak password" is explained)', async () => {
    mockFetch({ 'GET /admin/me': () => jsonResponse(200, makeMe()) });
    await openPage();
    expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription(PASSWORD_RULE);
  });

  it('sends a valid change and confirms it', async () => {
    const bodies: unknown[] = [];
    mockServer(({ body }) => {
      bodies.push(body);
      return jsonResponse(200, { message: 'ok' });
    });
    await openPage();

    await submit({ current: 'Old1234!', next: 'New1234!', confirm: 'New1234!' });

    expect((await findToast(MESSAGES.passwordUpdated)).level).toBe('success');
    expect(bodies).toEqual([{ currentPassword: 'Old1234!', newPassword: 'New1234!' }]);
    expect(screen.getByLabelText(/^Current Password/)).toHaveValue('');
  });

  it("says 'Incorrect password' when the server rejects the current password, without refreshing", async () => {
    const fetchMock = mockServer(() =>
      jsonResponse(401, { statusCode: 401, error: 'Unauthorized', message: MESSAGES.incorrectPassword }),
    );
    await openPage();

    await submit({ current: 'Wrong123!', next: 'New1234!', confirm: 'New1234!' });

    expect(await findFieldMessage(/^Current Password/, MESSAGES.incorrectPassword)).toBe('error');
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/auth/token');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access');
  });

  it("says 'Something went wrong' on any other failure and clears the fields", async () => {
    mockServer(() => jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }));
    await openPage();

    await submit({ current: 'Old1234!', next: 'New1234!', confirm: 'New1234!' });

    const { level, toast } = await findToast(MESSAGES.somethingWrong);
    expect(level).toBe('error');
    expect(toast && within(toast as HTMLElement).queryByText('boom')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(/^Current Password/)).toHaveValue(''));
    expect(screen.getByLabelText(/^New Password/)).toHaveValue('');
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveValue('');
  });
});
