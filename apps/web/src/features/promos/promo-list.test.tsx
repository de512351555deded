import { STORAGE_KEYS } from '@roam/contract/auth';
import type { AdminMe, promoSchema } from '@roam/contract/entities';
import { emptyPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';

type Promo = z.infer<typeof promoSchema>;

function makePromo(overrides: Partial<Promo> & Pick<Promo, '_id' | 'name'>): Promo {
  return {
    description: 'Two coffees for the price of one',
    type: 'cafe',
    internal_url: '/cafe',
    external_url: 'https://example.com',
    city: null,
    imageurl: '/uploads/promo.jpg',
    status: 'ACTIVE',
    createdAt: '2024-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const COFFEE = makePromo({ _id: '3d9a1c2b-8f4e-4b7a-9c1d-2e3f4a5b6c71', name: 'Coffee week' });
const MARKET = makePromo({
  _id: '3d9a1c2b-8f4e-4b7a-9c1d-2e3f4a5b6c72',
  name: 'Night market',
  type: 'shop',
  description: 'Stalls open until midnight',
  imageurl: null,
  status: 'INACTIVE',
});

/** The lazily loaded list page can take a while on a busy machine. */
const FIRST_LOAD = { timeout: 20_000 };

function readOnlySubAdmin(): AdminMe {
  const permissions = emptyPermissions();
  permissions.promoManagement = { read: 1, write: 0, delete: 0 };
  return makeMe({ permissions });
}

/** The fake server: the admin, the promo list (recording every query it is asked) and the city options. */
function servePromos(me: AdminMe) {
  const listQueries: URLSearchParams[] = [];
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, me),
    'GET /admin/city': () =>
      jsonResponse(200, { cities: [], searchcount: 0, active: 0, inactive: 0, deleted: 0 }),
    'GET /admin/promo': ({ url }) => {
      const query = new URL(url, 'http://localhost').searchParams;
      listQueries.push(query);
      const banners = [COFFEE, MARKET].filter(
        (promo) => !query.get('type') || promo.type === query.get('type'),
      );
      return jsonResponse(200, { banners, searchcount: banners.length, active: 4, inactive: 2, deleted: 1 });
    },
  });
  return { lastQuery: () => listQueries.at(-1) };
}

describe('Promo Banner list', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
  });

  it('shows the promos as cards with image, name, type, description, status and menu', async () => {
    const server = servePromos(makeMe({ role_type: 'admin' }));
    renderApp('/promos');

    const coffee = within(await screen.findByRole('article', { name: COFFEE.name }, FIRST_LOAD));
    expect(screen.getByRole('heading', { level: 1, name: 'Promo Banner' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    // The image is decorative: the card is named by the promo.
    expect(coffee.getByRole('presentation')).toHaveAttribute('src', COFFEE.imageurl);
    expect(coffee.getByText(COFFEE.name)).toBeInTheDocument();
    expect(coffee.getByText('cafe')).toBeInTheDocument();
    expect(coffee.getByText(COFFEE.description)).toBeInTheDocument();
    expect(coffee.getByText('ACTIVE')).toBeInTheDocument();
    expect(coffee.getByRole('button', { name: `Actions for ${COFFEE.name}` })).toBeInTheDocument();

    // No image: a placeholder block, no broken <img>.
    const market = within(screen.getByRole('article', { name: MARKET.name }));
    expect(market.queryByRole('img')).not.toBeInTheDocument();
    expect(market.queryByRole('presentation')).not.toBeInTheDocument();
    expect(market.getByText('shop')).toBeInTheDocument();
    expect(market.getByText('INACTIVE')).toBeInTheDocument();

    expect(screen.getByText('Total Records Found: 2')).toBeInTheDocument();
    const tiles = within(screen.getByRole('group', { name: 'Status' }));
    expect(tiles.getByRole('button', { name: /^All\s*7$/ })).toBeInTheDocument();
    expect(tiles.getByRole('button', { name: /^Active\s*4$/ })).toBeInTheDocument();
    expect(tiles.getByRole('button', { name: /^Inactive\s*2$/ })).toBeInTheDocument();
    expect(tiles.getByRole('button', { name: /^Deleted\s*1$/ })).toBeInTheDocument();

    // SPEC §9: promos page by 12.
    expect(server.lastQuery()?.get('limit')).toBe('12');
    expect(server.lastQuery()?.get('skip')).toBe('0');
    expect(server.lastQuery()?.get('access_type')).toBe('promoManagement');
  });

  it('filters by type with type=, back on the first page', async () => {
    const server = servePromos(makeMe({ role_type: 'admin' }));
    const { router } = renderApp('/promos?page=2');
    const user = userEvent.setup();

    await screen.findByRole('article', { name: COFFEE.name }, FIRST_LOAD);
    expect(server.lastQuery()?.get('skip')).toBe('12');
    expect(server.lastQuery()?.get('type')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'shop');

    await waitFor(() => expect(server.lastQuery()?.get('type')).toBe('shop'));
    expect(server.lastQuery()?.get('skip')).toBe('0');
    expect(router.state.location.search).toMatchObject({ type: 'shop' });
    await waitFor(() => expect(screen.queryByRole('article', { name: COFFEE.name })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: MARKET.name })).toBeInTheDocument();
  });

  it('filters by the Deleted tile with status=DELETED, resetting the type and the search', async () => {
    const server = servePromos(makeMe({ role_type: 'admin' }));
    renderApp('/promos?type=shop&q=market');

    await screen.findByRole('article', { name: MARKET.name }, FIRST_LOAD);
    expect(server.lastQuery()?.get('searchphrase')).toBe('market');

    await userEvent.setup().click(screen.getByRole('button', { name: /^Deleted/ }));

    await waitFor(() => expect(server.lastQuery()?.get('status')).toBe('DELETED'));
    expect(server.lastQuery()?.get('type')).toBeNull();
    expect(server.lastQuery()?.get('searchphrase')).toBeNull();
  });

  it('shows a read-only sub-admin the cards without any menu', async () => {
    servePromos(readOnlySubAdmin());
    renderApp('/promos');

    await screen.findByRole('article', { name: COFFEE.name }, FIRST_LOAD);
    expect(screen.getByRole('article', { name: MARKET.name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });
});
