import type { DetailItem } from '@roam/contract/areas';
import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { fullPermissions } from '@roam/contract/permissions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';

const SHOP_ID = '00000000-0000-4000-8000-0000000000ee';

const shop: DetailItem<'shops'> = {
  _id: SHOP_ID,
  userId: null,
  name: 'Corner Market',
  status: 'DELETED',
  address: '',
  description: 'Fresh fruit every morning.',
  markets: ['Fruit', 'Bakery'],
  details: 'Cash only',
  timings: '7:00 - 13:00',
  contact: '+351 230 000 000',
  city: null,
  cityData: null,
  pincode: '',
  photos: [],
  imageurl: [],
  rating: { avgrating: 3.5, total_rating: 2, onestar: 0, twostar: 0, threestar: 1, fourstar: 1, fivestar: 0 },
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-02T10:00:00.000Z',
};

describe('Shop detail', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('shows the description, the reviews and the contact with missing values marked', async () => {
    const user = userEvent.setup();
    const reviewQueries: string[] = [];
    mockFetch({
      'GET /admin/me': () =>
        jsonResponse(200, makeMe({ role_type: 'admin', permissions: fullPermissions() })),
      [`GET /admin/shop/${SHOP_ID}`]: () => jsonResponse(200, shop),
      'GET /admin/shop/review': ({ url }) => {
        reviewQueries.push(url);
        return jsonResponse(200, { reviews: [], rating: shop.rating });
      },
    });
    renderApp(`/shopdetail/${SHOP_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Corner Market' })).toBeInTheDocument();
    expect(screen.getByText('DELETED')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Description',
      'Review',
      'Contact',
    ]);
    expect(within(screen.getByRole('list', { name: 'Markets' })).getByText('Bakery')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Review' }));
    expect(await screen.findByText('3.50')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.noReviews)).toBeInTheDocument();
    expect(reviewQueries[0]).toContain(`itemID=${SHOP_ID}`);

    await user.click(screen.getByRole('tab', { name: 'Contact' }));
    expect(await screen.findByText('+351 230 000 000')).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.notAvailable).length).toBeGreaterThanOrEqual(3);
  });
});
