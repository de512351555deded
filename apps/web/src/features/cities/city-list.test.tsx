import { STORAGE_KEYS } from '@roam/contract/auth';
import type { City } from '@roam/contract/entities';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';

const LISBON: City = {
  _id: '5e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a41',
  name: 'Lisbon',
  country: { name: 'Portugal', ISO: 'PT', currency: 'EUR' },
  imageurl: ['/uploads/lisbon.jpg', '/uploads/lisbon-2.jpg'],
  status: 'ACTIVE',
  createdAt: '2024-01-05T09:30:00.000Z',
  updatedAt: '2024-02-06T18:45:00.000Z',
};

/** The lazily loaded list page can take a while on a busy machine. */
const FIRST_LOAD = { timeout: 20_000 };

describe('City list', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
  });

  it('opens the details popup from the name; there is no city filter', async () => {
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, makeMe({ role_type: 'admin' })),
      'GET /admin/city': () =>
        jsonResponse(200, { cities: [LISBON], searchcount: 1, active: 1, inactive: 0, deleted: 0 }),
    });
    renderApp('/cities');

    const name = await screen.findByRole('button', { name: 'Lisbon' }, FIRST_LOAD);
    expect(screen.getByRole('heading', { level: 1, name: 'City' })).toBeInTheDocument();
    expect(screen.getByText('Total Records Found: 1')).toBeInTheDocument();
    // No city filter: neither the select nor its stand-in.
    expect(screen.queryByRole('combobox', { name: 'City' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'City' })).not.toBeInTheDocument();

    await userEvent.setup().click(name);

    const dialog = within(await screen.findByRole('dialog', { name: 'Lisbon' }));
    expect(dialog.getByRole('presentation')).toHaveAttribute('src', LISBON.imageurl[0]);
    expect(dialog.getByText('Portugal')).toBeInTheDocument();
    expect(dialog.getByText('PT')).toBeInTheDocument();
    expect(dialog.getByText('EUR')).toBeInTheDocument();
    expect(dialog.getByText(/^05\/01\/2024, /)).toBeInTheDocument();
    expect(dialog.getByText(/^06\/02\/2024, /)).toBeInTheDocument();
    expect(dialog.getByText('ACTIVE')).toBeInTheDocument();
  });
});
