import type { DetailItem } from '@roam/contract/areas';
import { STORAGE_KEYS } from '@roam/contract/auth';
import { fullPermissions } from '@roam/contract/permissions';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';

const EXPLORE_ID = '00000000-0000-4000-8000-0000000000ff';

const explore: DetailItem<'explore'> = {
  _id: EXPLORE_ID,
  title: 'Sunset at the fort',
  body: {
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Walk up ' },
          { type: 'text', text: 'before seven', marks: [{ type: 'bold' }] },
          { type: 'text', text: ' and see ' },
          {
            type: 'text',
            text: 'the guide',
            marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
          },
        ],
      },
    ],
  },
  cityID: null,
  city: 'Lisbon',
  imageurl: ['/uploads/fort.webp'],
  status: 'ACTIVE',
  createdAt: '2024-03-01T10:05:00',
  updatedAt: '2024-03-02T16:45:00',
};

describe('Things To Do detail', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('shows the photo, title, status, body, city and times', async () => {
    mockFetch({
      'GET /admin/me': () =>
        jsonResponse(200, makeMe({ role_type: 'admin', permissions: fullPermissions() })),
      [`GET /admin/explore/${EXPLORE_ID}`]: () => jsonResponse(200, explore),
    });
    renderApp(`/exploredetail/${EXPLORE_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sunset at the fort' })).toBeInTheDocument();
    expect(screen.getByText('ACTIVE')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sunset at the fort 1' })).toBeInTheDocument();
    expect(screen.getByText('before seven').tagName).toBe('STRONG');
    expect(screen.getByText(/and see the guide/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'the guide' })).not.toBeInTheDocument();
    expect(screen.getByText('Lisbon')).toBeInTheDocument();
    expect(screen.getByText('01/03/2024, 10:05 am')).toBeInTheDocument();
    expect(screen.getByText('02/03/2024, 04:45 pm')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
