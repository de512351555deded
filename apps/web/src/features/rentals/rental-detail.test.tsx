import type { DetailItem } from '@roam/contract/areas';
import { STORAGE_KEYS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';
import { onWideScreen } from '../../test/wide-screen';

const RENTAL_ID = '00000000-0000-4000-8000-0000000000aa';
const uuid = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

const rental: DetailItem<'rentals'> = {
  _id: RENTAL_ID,
  userId: null,
  name: 'Sea View Loft',
  status: 'ACTIVE',
  images: ['/uploads/loft.webp'],
  guests: 4,
  beds: 3,
  bedrooms: 1,
  bathrooms: 2,
  is_liked: true,
  description: 'Bright loft above the harbour.',
  amenities: ['Wifi', 'Kitchen'],
  safety_amenities: ['Smoke alarm'],
  house_rules: [],
  common_spaces: ['Terrace'],
  terms: 'No refunds within 48 hours.',
  expectation_period_of_guests: '1 month',
  guest_booking_before: '2 days',
  checkin: '2:00 PM',
  checkout: '11:00 AM',
  min_booking_nights: 2,
  max_booking_nights: 28,
  guest_noticeperiod: '1 week',
  propertytype: 'Apartment',
  property_category: 'Loft',
  bathroomtype: 'Private',
  bed_details: [
    { bed_type: 'Queen', count: 2 },
    { bed_type: 'Bunk', count: 0 },
  ],
  common_space_bed_details: [
    { bed_type: 'Sofa bed', count: 1 },
    { bed_type: 'Futon', count: 0 },
  ],
  type_of_place: 'Entire place',
  payment_details: { base_price: 120, currency: 'EUR', account: 'PT50 0002', IFSC: '' },
  guest_requirements: [],
  rating: { avgrating: 5, total_rating: 1, onestar: 0, twostar: 0, threestar: 0, fourstar: 0, fivestar: 1 },
  contact: '+351 210 000 000',
  alternate_contact: '',
  address_line1: 'Rua do Mar 4',
  address_line2: '',
  cityID: null,
  cityName: 'Lisbon',
  pincode: '1100-001',
  state: 'Lisboa',
  country: 'Portugal',
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-02T10:00:00.000Z',
};

const applications = Array.from({ length: 30 }, (_, index) => ({
  _id: uuid(index + 1),
  name: `Applicant ${index + 1}`,
  guests: 2,
  dates: { start: '2024-06-01T12:00:00', end: '2024-06-05T12:00:00' },
  createdAt: '2024-05-20T09:30:00',
  application_status: 'PENDING',
}));

function serveRental() {
  const applicantQueries: URLSearchParams[] = [];
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, makeMe({ role_type: 'admin', permissions: fullPermissions() })),
    [`GET /admin/rental/${RENTAL_ID}`]: () => jsonResponse(200, rental),
    'GET /admin/rental/review': () =>
      jsonResponse(200, {
        reviews: [
          {
            _id: uuid(900),
            user: [{ fullname: 'Ana', lastname: 'Silva', username: 'ana.s', profileURL: null }],
            rating: 5,
            review: 'Wonderful view.',
            createdAt: '2024-05-06T15:07:00',
          },
        ],
        rating: rental.rating,
      }),
    [`GET /admin/rental/applicants/${RENTAL_ID}`]: ({ url }) => {
      applicantQueries.push(new URL(url, 'http://localhost').searchParams);
      return jsonResponse(200, { applications, searchcount: 45 });
    },
  });
  return applicantQueries;
}

describe('Rental detail', () => {
  // The tables as on a wide screen; the stacked cards below `sm` are core/tables' own test.
  let restoreScreen: () => void;
  beforeEach(() => {
    restoreScreen = onWideScreen();
  });
  afterEach(() => restoreScreen());
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('shows the header and walks every tab', async () => {
    const user = userEvent.setup();
    const applicantQueries = serveRental();
    renderApp(`/rentaldetail/${RENTAL_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sea View Loft' })).toBeInTheDocument();
    expect(screen.getByText('ACTIVE')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sea View Loft 1' })).toBeInTheDocument();
    const summary = within(screen.getByRole('group', { name: 'Summary' }));
    expect(summary.getByText('4 guests')).toBeInTheDocument();
    expect(summary.getByText('3 beds')).toBeInTheDocument();
    expect(summary.getByText('1 bedroom')).toBeInTheDocument();
    expect(summary.getByText('Liked')).toBeInTheDocument();

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Description',
      'Booking Details',
      'Property Details',
      'Payment Details',
      'Review',
      'Contact',
      'Applications',
    ]);

    // Description (the first tab)
    expect(screen.getByRole('tab', { name: 'Description' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Bright loft above the harbour.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Amenities' })).getByText('Kitchen')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.noRules)).toBeInTheDocument();
    expect(screen.getByText('No refunds within 48 hours.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Booking Details' }));
    expect(await screen.findByText('1 month')).toBeInTheDocument();
    expect(screen.getByText('28')).toBeInTheDocument();

    // Bed counts above 0 only
    await user.click(screen.getByRole('tab', { name: 'Property Details' }));
    const beds = within(await screen.findByRole('list', { name: 'Bed details' }));
    expect(beds.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Queen: 2']);
    const commonBeds = within(screen.getByRole('list', { name: 'Common space bed details' }));
    expect(commonBeds.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Sofa bed: 1']);
    expect(screen.queryByText(/Bunk/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Futon/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Payment Details' }));
    expect(await screen.findByText('€120')).toBeInTheDocument();
    expect(screen.getByText('PT50 0002')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.notAvailable)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Review' }));
    expect(await screen.findByText('Wonderful view.')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.noRequirements)).toBeInTheDocument();
    expect(screen.getByText('5.00')).toBeInTheDocument();
    expect(screen.getByText('06/05/2024, 03:07 pm')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Contact' }));
    expect(await screen.findByText('Rua do Mar 4')).toBeInTheDocument();
    expect(screen.getByText('Lisbon')).toBeInTheDocument();

    // Applications: 30 fetched, 20 per page
    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    expect(await screen.findByText('Applicant 1')).toBeInTheDocument();
    expect(Object.fromEntries(applicantQueries.at(-1) ?? [])).toMatchObject({
      status: 'All',
      skip: '0',
      limit: '30',
    });
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['#', 'Name', 'Guests', 'Start Date', 'End Date', 'Created at', 'Status']);
    expect(screen.getByText('Applicant 20')).toBeInTheDocument();
    expect(screen.queryByText('Applicant 21')).not.toBeInTheDocument();
    expect(screen.getAllByText('01/06/2024')).toHaveLength(20);
    expect(screen.getAllByText('20/05/2024, 09:30 am')).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Applicant 30')).toBeInTheDocument();
    expect(screen.getByText('Applicant 21')).toBeInTheDocument();
    expect(screen.queryByText('Applicant 20')).not.toBeInTheDocument();
    expect(screen.getByText('21')).toBeInTheDocument();
  });

  it("says 'No applications available' when there are none", async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /admin/me': () =>
        jsonResponse(200, makeMe({ role_type: 'admin', permissions: fullPermissions() })),
      [`GET /admin/rental/${RENTAL_ID}`]: () => jsonResponse(200, { ...rental, images: [] }),
      [`GET /admin/rental/applicants/${RENTAL_ID}`]: () =>
        jsonResponse(200, { applications: [], searchcount: 0 }),
    });
    renderApp(`/rentaldetail/${RENTAL_ID}`);

    await screen.findByRole('heading', { level: 1, name: 'Sea View Loft' });
    expect(screen.getByText('No photos')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    expect(await screen.findByText(MESSAGES.noApplications)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
  });
});
