import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

describe('AccountPage', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
  });

  it('shows the profile read-only with the joined-on date and the counts', async () => {
    mockFetch({ 'GET /admin/me': () => jsonResponse(200, makeMe()) });
    renderApp('/account');

    expect(await screen.findByText('Joined on 02/01/2024')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Sub Admin');
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('sub@example.com');
    expect(screen.getByText('Friends').parentElement).not.toHaveTextContent('not counting deleted');
    // What the admin owns is counted without deleted items, and says so.
    expect(screen.getByText('Rentals').parentElement).toHaveTextContent('not counting deleted');
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/change-password');
  });

  it('edits the name and username, sends them as multipart and refetches the profile', async () => {
    let me = makeMe();
    const sent: Record<string, FormDataEntryValue>[] = [];
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, me),
      'PUT /admin/me': ({ body }) => {
        const form = body as FormData;
        sent.push(Object.fromEntries(form.entries()));
        me = makeMe({
          profile: { ...me.profile, fullname: 'Ada', lastname: 'King Lovelace', username: 'ada' },
        });
        return jsonResponse(200, { message: MESSAGES.editedSuccessfully });
      },
    });
    renderApp('/account');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const fullName = screen.getByLabelText(/^Full Name/);
    await user.clear(fullName);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(MESSAGES.fullNameRequired)).toBeInTheDocument();

    await user.type(fullName, 'Ada King Lovelace');
    await user.clear(screen.getByLabelText(/^Username/));
    await user.type(screen.getByLabelText(/^Username/), 'ada');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(MESSAGES.editedSuccessfully)).toBeInTheDocument();
    expect(sent).toEqual([{ userID: 'u-1', username: 'ada', fullname: 'Ada', lastname: 'King Lovelace' }]);
    await waitFor(() => expect(screen.getByLabelText('Full Name')).toHaveValue('Ada King Lovelace'));
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });

  it("says 'Something went wrong, try again' when saving fails", async () => {
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, makeMe()),
      'PUT /admin/me': () =>
        jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'x' }),
    });
    renderApp('/account');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(MESSAGES.somethingWrongTryAgain)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });

  it('refuses an avatar that is not a gif, jpeg or png', async () => {
    mockFetch({ 'GET /admin/me': () => jsonResponse(200, makeMe()) });
    renderApp('/account');
    const user = userEvent.setup({ applyAccept: false });

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await screen.findByRole('button', { name: 'Choose Avatar' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['<svg/>'], 'avatar.svg', { type: 'image/svg+xml' }));

    expect(await screen.findByText(MESSAGES.avatarType)).toBeInTheDocument();
  });
});
