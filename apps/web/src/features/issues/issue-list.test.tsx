import { STORAGE_KEYS } from '@roam/contract/auth';
import { fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { type FakeRequest, jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';

const issue = {
  _id: '00000000-0000-4000-8000-000000000001',
  description: 'Posted the same spam three times',
  image_url: ['/uploads/first.png', '/uploads/second.png'],
  status: 'ACTIVE',
  issue_type: 'Spam',
  subject: 'Spam in the Lisbon group',
  user: { fullname: 'Ada', lastname: 'Lovelace' },
  reported_user: { fullname: 'Bob', lastname: 'Builder', username: 'bob' },
  createdAt: '2025-03-04T10:05:00.000Z',
};

function serveIssues() {
  const calls: FakeRequest[] = [];
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, makeMe({ role_type: 'admin', permissions: fullPermissions() })),
    'GET /admin/report': () =>
      jsonResponse(200, {
        Reports: [
          issue,
          {
            ...issue,
            _id: '00000000-0000-4000-8000-000000000002',
            subject: 'Anonymous',
            user: null,
            reported_user: null,
          },
        ],
        searchcount: 2,
        active: 2,
        inactive: 0,
        deleted: 0,
      }),
    'PUT /admin/report/toggle/00000000-0000-4000-8000-000000000001': (request) => {
      calls.push(request);
      return jsonResponse(200, { message: 'ok' });
    },
  });
  return calls;
}

describe('Reported issue list', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it("opens the issue's details from its subject", async () => {
    const user = userEvent.setup();
    serveIssues();
    renderApp('/issues');

    await user.click(await screen.findByRole('button', { name: 'Spam in the Lisbon group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spam in the Lisbon group' });
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/uploads/first.png');
    const field = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(field('Issue type')).toHaveTextContent('Spam');
    expect(field('Description')).toHaveTextContent('Posted the same spam three times');
    expect(field('Reported by')).toHaveTextContent('Ada Lovelace');
    expect(field('Reported user')).toHaveTextContent('Bob Builder (@bob)');
    expect(field('Created at')?.textContent).toMatch(/^04\/03\/2025, \d\d:\d\d (am|pm)$/);
    expect(field('Status')).toHaveTextContent('ACTIVE');
  });

  it("shows 'Not available' for a reporter that is gone", async () => {
    const user = userEvent.setup();
    serveIssues();
    renderApp('/issues');

    await user.click(await screen.findByRole('button', { name: 'Anonymous' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anonymous' });
    expect(within(dialog).getByText('Reported by').nextElementSibling).toHaveTextContent('Not available');
    expect(within(dialog).getByText('Reported user').nextElementSibling).toHaveTextContent('Not available');
  });

  it('inactivates through the report toggle with status=INACTIVE', async () => {
    const user = userEvent.setup();
    const calls = serveIssues();
    renderApp('/issues');

    await user.click(await screen.findByRole('button', { name: 'Actions for Spam in the Lisbon group' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inactivate' }));
    expect(await screen.findByText('Are you sure you want to Inactivate this issue ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Inactivate' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toContain('status=INACTIVE');
    expect(await screen.findByText('Issue inactivated')).toBeInTheDocument();
  });
});
