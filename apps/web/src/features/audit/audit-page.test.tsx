import type { AuditAnswer } from '@roam/contract/audit';
import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';
import { rowOf } from '../../test/rows';

const ANSWER: AuditAnswer = {
  entries: [
    {
      _id: '42',
      actor: { _id: '00000000-0000-4000-8000-000000000001', userID: 'U1', username: 'ada' },
      action: 'update',
      entity: 'cities',
      entityId: '00000000-0000-4000-8000-000000000009',
      before: { name: 'Lisboa', currency: 'EUR' },
      after: { name: 'Lisbon', currency: 'EUR' },
      createdAt: '2025-03-04T10:05:00.000Z',
    },
  ],
  searchcount: 1,
  countsCapped: false,
};

describe('Audit log', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
  });

  it('lists the entries, filters through the URL, and shows an entry’s before and after', async () => {
    const queries: URLSearchParams[] = [];
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, makeMe({ role_type: 'admin' })),
      'GET /admin/audit': ({ url }) => {
        queries.push(new URL(url, 'http://localhost').searchParams);
        return jsonResponse(200, ANSWER);
      },
    });
    const { router } = renderApp('/audit?action=update');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Audit log' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    const row = rowOf(await screen.findByText('ada'));
    expect(within(row).getByText('update')).toBeInTheDocument();
    expect(within(row).getByText('City')).toBeInTheDocument();
    expect(queries[0]?.get('action')).toBe('update');
    expect(screen.getByText('Total Records Found: 1')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'View changes' }));
    const dialog = within(await screen.findByRole('dialog'));
    const name = dialog.getByText('name').closest('tr') as HTMLElement;
    expect(within(name).getByText('Lisboa')).toBeInTheDocument();
    expect(within(name).getByText('Lisbon')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'lisbon{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ q: 'lisbon', action: 'update' }),
    );
    await waitFor(() => expect(queries.at(-1)?.get('searchphrase')).toBe('lisbon'));
  });

  it('is for admins only: a sub-admin reads "You dont have access" and no entry is asked for', async () => {
    const fetchMock = mockFetch({ 'GET /admin/me': () => jsonResponse(200, makeMe()) });
    renderApp('/audit');
    expect(await screen.findByText(MESSAGES.noAccess, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/admin/audit'))).toBe(false);
  });
});
