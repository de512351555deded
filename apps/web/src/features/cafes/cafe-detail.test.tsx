import type { DetailItem } from '@roam/contract/areas';
import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { fullPermissions } from '@roam/contract/permissions';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';

const CAFE_ID = '00000000-0000-4000-8000-0000000000cc';

const cafe: DetailItem<'cafes'> = {
  _id: CAFE_ID,
  userId: null,
  name: 'Blue Cup',
  city: null,
  cityData: { name: 'Porto' },
  timings: '8:00 - 18:00',
  contact: '+351 220 000 000',
  status: 'ACTIVE',
  address: 'Rua Azul 1',
  description: 'Coffee and cake.',
  cuisine: ['Portuguese', 'Vegan'],
  details: '',
  min_cost: 5,
  max_cost: 20,
  currency: 'EUR',
  menu: [],
  photos: ['/uploads/cup.webp'],
  imageurl: [],
  pincode: '4000-001',
  rating: { avgrating: 0, total_rating: 0, onestar: 0, twostar: 0, threestar: 0, fourstar: 0, fivestar: 0 },
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-02T10:00:00.000Z',
};

describe('Cafe detail', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it("shows the description, 'Menu Not Found', no reviews and the contact", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /admin/me': () =>
        jsonResponse(200, makeMe({ role_type: 'admin', permissions: fullPermissions() })),
      [`GET /admin/cafe/${CAFE_ID}`]: () => jsonResponse(200, cafe),
      'GET /admin/cafe/review': () => jsonResponse(200, { reviews: [], rating: cafe.rating }),
    });
    renderApp(`/cafedetail/${CAFE_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Blue Cup' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Blue Cup 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Description',
      'Menu',
      'Review',
      'Contact',
    ]);
    expect(screen.getByText('Coffee and cake.')).toBeInTheDocument();
    expect(screen.getByText('Vegan')).toBeInTheDocument();
    expect(screen.getByText('€5 – €20')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.notAvailable)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Menu' }));
    expect(await screen.findByText(MESSAGES.menuNotFound)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Review' }));
    expect(await screen.findByText(MESSAGES.noReviews)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Contact' }));
    expect(await screen.findByText('Rua Azul 1')).toBeInTheDocument();
    expect(screen.getByText('4000-001')).toBeInTheDocument();
  });

  it('shows the menu pages when there are some', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /admin/me': () =>
        jsonResponse(200, makeMe({ role_type: 'admin', permissions: fullPermissions() })),
      [`GET /admin/cafe/${CAFE_ID}`]: () =>
        jsonResponse(200, { ...cafe, menu: ['/uploads/menu-1.webp', '/uploads/menu-2.webp'] }),
    });
    renderApp(`/cafedetail/${CAFE_ID}`);

    await screen.findByRole('heading', { level: 1, name: 'Blue Cup' });
    await user.click(screen.getByRole('tab', { name: 'Menu' }));
    expect(await screen.findByRole('img', { name: 'Blue Cup menu 2' })).toHaveAttribute(
      'src',
      '/uploads/menu-2.webp',
    );
  });
});
