import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { type FakeRequest, jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';

const request = {
  _id: '00000000-0000-4000-8000-000000000001',
  description: 'I cannot change my avatar',
  subject: 'Avatar upload',
  status: 'ACTIVE',
  createdAt: '2025-03-04T10:05:00.000Z',
  user: { fullname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', profileURL: null },
};

describe('Contact request list', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('opens the details from the subject and deletes through the contactus toggle', async () => {
    const user = userEvent.setup();
    const calls: FakeRequest[] = [];
    mockFetch({
      'GET /admin/me': () =>
        jsonResponse(200, makeMe({ role_type: 'admin', permissions: fullPermissions() })),
      'GET /admin/contact/requests': () =>
        jsonResponse(200, { requests: [request], searchcount: 1, active: 1, inactive: 0, deleted: 0 }),
      'PUT /admin/contactus/toggle/00000000-0000-4000-8000-000000000001': (call) => {
        calls.push(call);
        return jsonResponse(200, { message: 'ok' });
      },
    });
    renderApp('/contactus');

    await user.click(await screen.findByRole('button', { name: 'Avatar upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avatar upload' });
    const field = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(field('Name')).toHaveTextContent('Ada Lovelace');
    expect(field('Email')).toHaveTextContent('ada@example.com');
    expect(field('Description')).toHaveTextContent('I cannot change my avatar');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for Avatar upload' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure you want to Delete this request ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Delete' }));
    expect(await screen.findByText(MESSAGES.deletedSuccessfully)).toBeInTheDocument();
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url).toContain('status=DELETED');
  });
});
