import { STORAGE_KEYS } from '@roam/contract/auth';
import type { AdminMe, rentalSchema } from '@roam/contract/entities';
import { emptyPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';
import { rowOf } from '../../test/rows';
import { onWideScreen } from '../../test/wide-screen';

type Rental = Omit<z.infer<typeof rentalSchema>, 'rating'>;

function makeRental(overrides: Partial<Rental> & Pick<Rental, '_id' | 'name'>): Rental {
  return {
    userId: null,
    status: 'ACTIVE',
    images: [],
    guests: 2,
    beds: 1,
    bedrooms: 1,
    bathrooms: 1,
    is_liked: false,
    description: 'A quiet place',
    amenities: [],
    safety_amenities: [],
    house_rules: [],
    common_spaces: [],
    terms: '',
    expectation_period_of_guests: '',
    guest_booking_before: '',
    checkin: '2:00 PM',
    checkout: '11:00 AM',
    min_booking_nights: 1,
    max_booking_nights: 30,
    guest_noticeperiod: '',
    propertytype: 'Apartment',
    property_category: '',
    bathroomtype: 'Private',
    bed_details: [],
    common_space_bed_details: [],
    type_of_place: 'Entire place',
    payment_details: { base_price: 50, currency: 'EUR', account: '', IFSC: '' },
    guest_requirements: [],
    contact: '',
    alternate_contact: '',
    address_line1: '',
    address_line2: '',
    cityID: null,
    cityName: null,
    pincode: '',
    state: 'Goa',
    country: 'India',
    createdAt: '2024-03-01T10:00:00.000Z',
    updatedAt: '2024-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const LOFT = makeRental({ _id: '7b0c6f1e-4a53-4c43-9d7e-1c2a3b4c5d61', name: 'Sunny loft in Baga' });
const VILLA = makeRental({
  _id: '7b0c6f1e-4a53-4c43-9d7e-1c2a3b4c5d62',
  name: 'Old villa in Porto',
  status: 'DELETED',
  propertytype: 'House',
  state: '',
  country: 'Portugal',
});

/** The lazily loaded list page can take a while on a busy machine. */
const FIRST_LOAD = { timeout: 20_000 };

const fullAdmin = () => makeMe({ role_type: 'admin' });

function readOnlySubAdmin(): AdminMe {
  const permissions = emptyPermissions();
  permissions.rentalManagement = { read: 1, write: 0, delete: 0 };
  return makeMe({ permissions });
}

/** The fake server: the admin, the rental list (recording every query it is asked) and the city options. */
function serveRentals(me: AdminMe) {
  const listQueries: URLSearchParams[] = [];
  const toggles: string[] = [];
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, me),
    'GET /admin/city': () =>
      jsonResponse(200, { cities: [], searchcount: 0, active: 0, inactive: 0, deleted: 0 }),
    'GET /admin/rental': ({ url }) => {
      listQueries.push(new URL(url, 'http://localhost').searchParams);
      return jsonResponse(200, {
        rentals: [LOFT, VILLA],
        searchcount: 2,
        active: 5,
        inactive: 3,
        deleted: 1,
      });
    },
    [`PUT /admin/rental/toggle/${LOFT._id}`]: ({ url }) => {
      toggles.push(url.replace(/^https?:\/\/[^/]+/, ''));
      return jsonResponse(200, { message: 'ok' });
    },
  });
  const lastQuery = () => listQueries.at(-1);
  return { listQueries, lastQuery, toggles };
}

/** Every header cell's text: a sortable one is a button (its hidden label says Sort by). */
const headerCells = () => [...document.querySelectorAll('thead th')];

describe('Rental list', () => {
  let restoreScreen: (() => void) | undefined;

  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
  });
  afterEach(() => {
    restoreScreen?.();
    restoreScreen = undefined;
  });

  it("shows the spec's columns, the names linking to their detail, the total and the tile counts", async () => {
    restoreScreen = onWideScreen();
    const server = serveRentals(fullAdmin());
    renderApp('/rental');

    const link = await screen.findByRole('link', { name: LOFT.name }, FIRST_LOAD);
    expect(link).toHaveAttribute('href', `/rentaldetail/${LOFT._id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Rental' })).toBeInTheDocument();

    const headers = headerCells()
      .map((header) => header.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      '#',
      'Sort by Name',
      'Property Type',
      'Checkin',
      'Checkout',
      'State',
      'Country',
      'Sort by Status',
      'Actions',
    ]);

    const loftRow = within(rowOf(link));
    expect(loftRow.getByText('Apartment')).toBeInTheDocument();
    expect(loftRow.getByText('2:00 PM')).toBeInTheDocument();
    expect(loftRow.getByText('11:00 AM')).toBeInTheDocument();
    expect(loftRow.getByText('Goa')).toBeInTheDocument();
    expect(loftRow.getByText('ACTIVE')).toBeInTheDocument();
    const villaRow = within(rowOf(screen.getByRole('link', { name: VILLA.name })));
    // A missing state reads N/A.
    expect(villaRow.getByText('N/A')).toBeInTheDocument();

    expect(screen.getByText('Total Records Found: 2')).toBeInTheDocument();
    const tiles = within(screen.getByRole('group', { name: 'Status' }));
    expect(tiles.getByRole('button', { name: /^All\s*9$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(tiles.getByRole('button', { name: /^Active\s*5$/ })).toBeInTheDocument();
    expect(tiles.getByRole('button', { name: /^Inactive\s*3$/ })).toBeInTheDocument();
    expect(tiles.getByRole('button', { name: /^Deleted\s*1$/ })).toBeInTheDocument();

    const query = server.lastQuery();
    expect(query?.get('skip')).toBe('0');
    expect(query?.get('limit')).toBe('20');
    expect(query?.get('status')).toBe('All');
    expect(query?.get('access_type')).toBe('rentalManagement');
  });

  it('shows each rental as a card on a narrow screen: name, status, its fields and its menu', async () => {
    serveRentals(fullAdmin());
    renderApp('/rental');
    const link = await screen.findByRole('link', { name: LOFT.name }, FIRST_LOAD);
    expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Rental' }));
    expect(cards.getAllByRole('listitem')).toHaveLength(2);
    const card = within(rowOf(link));
    expect(card.getByText('ACTIVE')).toBeInTheDocument();
    // Every column is a labelled line of the card, none hidden.
    expect(card.getByText('Property Type')).toBeInTheDocument();
    expect(card.getByText('Apartment')).toBeInTheDocument();
    expect(card.getByText('State')).toBeInTheDocument();
    expect(card.getByText('Goa')).toBeInTheDocument();
    expect(card.getByRole('button', { name: `Actions for ${LOFT.name}` })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(card.getByRole('checkbox', { name: `Select ${LOFT.name}` }));
    expect(card.getByRole('checkbox', { name: `Select ${LOFT.name}` })).toBeChecked();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toHaveProperty(
      'indeterminate',
      true,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it('filters by the Deleted tile with status=DELETED, resetting the search and the page', async () => {
    const server = serveRentals(fullAdmin());
    const { router } = renderApp('/rental?q=loft&page=2');

    await screen.findByRole('link', { name: LOFT.name }, FIRST_LOAD);
    expect(server.lastQuery()?.get('searchphrase')).toBe('loft');
    expect(server.lastQuery()?.get('skip')).toBe('20');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('loft');

    await userEvent.setup().click(screen.getByRole('button', { name: /^Deleted/ }));

    await waitFor(() => expect(server.lastQuery()?.get('status')).toBe('DELETED'));
    expect(server.lastQuery()?.get('searchphrase')).toBeNull();
    expect(server.lastQuery()?.get('skip')).toBe('0');
    expect(router.state.location.search).toEqual({ status: 'DELETED' });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('button', { name: /^Deleted/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('searches on Enter with searchphrase, back on the first page', async () => {
    const server = serveRentals(fullAdmin());
    renderApp('/rental?page=2');
    const user = userEvent.setup();

    await screen.findByRole('link', { name: LOFT.name }, FIRST_LOAD);
    expect(server.lastQuery()?.get('skip')).toBe('20');
    const searchBox = screen.getByRole('textbox', { name: 'Search' });
    await user.type(searchBox, 'villa');
    // Typing alone does not search.
    expect(server.lastQuery()?.get('searchphrase')).toBeNull();

    await user.type(searchBox, '{Enter}');

    await waitFor(() => expect(server.lastQuery()?.get('searchphrase')).toBe('villa'));
    expect(server.lastQuery()?.get('skip')).toBe('0');
  });

  it('inactivates an active rental after confirming; a deleted one has no menu', async () => {
    const server = serveRentals(fullAdmin());
    renderApp('/rental');
    const user = userEvent.setup();

    await screen.findByRole('link', { name: LOFT.name }, FIRST_LOAD);
    expect(screen.queryByRole('button', { name: `Actions for ${VILLA.name}` })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Actions for ${LOFT.name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inactivate' }));
    expect(await screen.findByText('Are you sure you want to Inactivate this rental ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Inactivate' }));

    expect(await screen.findByText('Rental inactivated')).toBeInTheDocument();
    expect(server.toggles).toHaveLength(1);
    expect(server.toggles[0]).toMatch(new RegExp(`^/admin/rental/toggle/${LOFT._id}\\?`));
    expect(server.toggles[0]).toContain('markas=INACTIVE');
  });

  it('shows a read-only sub-admin the rows without any row menu', async () => {
    serveRentals(readOnlySubAdmin());
    renderApp('/rental');

    await screen.findByRole('link', { name: LOFT.name }, FIRST_LOAD);
    expect(screen.getByText('Total Records Found: 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });
});
