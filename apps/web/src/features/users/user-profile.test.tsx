import { STORAGE_KEYS } from '@roam/contract/auth';
import type { ProfileData } from '@roam/contract/details';
import { MESSAGES } from '@roam/contract/messages';
import { emptyPermissions, fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeMe } from '../../test/fixtures';
import { type FakeRequest, jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';
import { onWideScreen } from '../../test/wide-screen';

const uuid = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
const USER_ID = uuid(900);
const CREATED = '2025-03-04T10:05:00.000Z';
const UPDATED = '2025-06-07T15:30:00.000Z';

function makeCafe(index: number): ProfileData['cafes'][number] {
  return {
    _id: uuid(100 + index),
    userId: USER_ID,
    name: `Cafe ${index}`,
    city: null,
    cityData: { name: 'Lisbon' },
    timings: '9-5',
    contact: `+351 10${index}`,
    status: 'ACTIVE',
    address: '',
    description: '',
    cuisine: [],
    details: '',
    min_cost: 1,
    max_cost: 2,
    currency: 'EUR',
    menu: [],
    photos: [],
    imageurl: [],
    pincode: '',
    createdAt: CREATED,
    updatedAt: UPDATED,
  };
}

function makeGroup(index: number): ProfileData['groups'][number] {
  return {
    _id: uuid(200 + index),
    statusID: `S${index}`,
    statusText: `Group ${index}`,
    description: '',
    imageurl: [],
    country: 'Portugal',
    membersCount: 12,
    rating: 4.56789,
    active: index % 2 === 1,
    deleted: false,
    removed: false,
    createdAt: CREATED,
    updatedAt: UPDATED,
  };
}

function makeRental(index: number): ProfileData['rentals'][number] {
  return {
    _id: uuid(300 + index),
    userId: USER_ID,
    name: `Rental ${index}`,
    status: 'INACTIVE',
    images: [],
    guests: 2,
    beds: 1,
    bedrooms: 1,
    bathrooms: 1,
    is_liked: false,
    description: '',
    amenities: [],
    safety_amenities: [],
    house_rules: [],
    common_spaces: [],
    terms: '',
    expectation_period_of_guests: '',
    guest_booking_before: '',
    checkin: '14:00',
    checkout: '11:00',
    min_booking_nights: 1,
    max_booking_nights: 30,
    guest_noticeperiod: '',
    propertytype: 'Apartment',
    property_category: '',
    bathroomtype: '',
    bed_details: [],
    common_space_bed_details: [],
    type_of_place: '',
    payment_details: { base_price: 10, currency: 'EUR', account: '', IFSC: '' },
    guest_requirements: [],
    contact: '',
    alternate_contact: '',
    address_line1: '',
    address_line2: '',
    cityID: null,
    cityName: null,
    pincode: '',
    state: 'Lisboa',
    country: 'Portugal',
    createdAt: CREATED,
    updatedAt: UPDATED,
  };
}

function makeJob(index: number): ProfileData['jobs'][number] {
  return {
    _id: uuid(400 + index),
    userId: USER_ID,
    company: 'Roam',
    position: `Barista ${index}`,
    logo: null,
    status: 'ACTIVE',
    job_type: 'Full time',
    country: 'Portugal',
    cityID: null,
    salary: 1200,
    salary_type: 'monthly',
    currency: 'EUR',
    description: '',
    qualification: '',
    question1: null,
    question2: null,
    question3: null,
    question4: null,
    createdAt: CREATED,
    updatedAt: UPDATED,
  };
}

function makeShop(index: number): ProfileData['shops'][number] {
  return {
    _id: uuid(500 + index),
    userId: USER_ID,
    name: `Shop ${index}`,
    status: 'DELETED',
    address: '',
    description: '',
    markets: [],
    details: '',
    timings: '',
    contact: '',
    city: null,
    cityData: null,
    pincode: '',
    photos: [],
    imageurl: [],
    createdAt: CREATED,
    updatedAt: UPDATED,
  };
}

const times = <T,>(count: number, make: (index: number) => T) =>
  Array.from({ length: count }, (_, index) => make(index + 1));

const LONG_EMAIL = 'a.very.long.address.for.testing.the.cut@example-domain.com';

function makeProfile(overrides: Partial<ProfileData['profile']> = {}, counts: Partial<ProfileData> = {}) {
  return {
    profile: {
      _id: USER_ID,
      userID: 'U900',
      username: 'traveller',
      email: LONG_EMAIL,
      role: 'user',
      status: 'ACTIVE',
      isBlocked: false,
      fullname: 'Ana',
      lastname: 'Silva',
      profileURL: null,
      homeLocation: null,
      createdAt: CREATED,
      updatedAt: UPDATED,
      ...overrides,
    },
    friendscount: 7,
    blockedcount: 0,
    cafescount: 5,
    jobscount: 0,
    rentalscount: 4,
    shopscount: 6,
    groupscount: 2,
    friendList: [],
    cafes: times(5, makeCafe),
    groups: times(2, makeGroup),
    rentals: times(4, makeRental),
    jobs: [],
    shops: [makeShop(1)],
    ...counts,
  } satisfies ProfileData;
}

const adminMe = makeMe({ role_type: 'admin', permissions: fullPermissions() });

function readOnlyMe() {
  const permissions = emptyPermissions();
  permissions.userManagement = { read: 1, write: 0, delete: 0 };
  return makeMe({ permissions });
}

type Fake = { loads: URLSearchParams[]; calls: FakeRequest[] };

/** A fake server holding one user; enable and disable change its status. */
function serveProfile(
  options: { me?: ReturnType<typeof makeMe>; profile?: ProfileData; status?: number } = {},
) {
  const fake: Fake = { loads: [], calls: [] };
  let data = options.profile ?? makeProfile();
  const change = (request: FakeRequest, status: 'ACTIVE' | 'INACTIVE') => {
    fake.calls.push(request);
    data = { ...data, profile: { ...data.profile, status } };
    return jsonResponse(200, { message: 'ok' });
  };
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, options.me ?? adminMe),
    'GET /admin/users/profile/data': ({ url }) => {
      fake.loads.push(new URL(url, 'http://localhost').searchParams);
      if (options.status) {
        return jsonResponse(options.status, { statusCode: options.status, error: 'Error', message: 'No' });
      }
      return jsonResponse(200, data);
    },
    'POST /admin/users/disable': (request) => change(request, 'INACTIVE'),
    'PUT /admin/users/enable': (request) => change(request, 'ACTIVE'),
    'PUT /admin/users/update': (request) => {
      fake.calls.push(request);
      const form = request.body as FormData;
      if (form.get('username') === 'taken') {
        return jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'username: this username is taken',
        });
      }
      data = { ...data, profile: { ...data.profile, username: String(form.get('username')) } };
      return jsonResponse(200, { message: MESSAGES.editedSuccessfully });
    },
  });
  return fake;
}

const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
const section = (name: string) => screen.getByRole('region', { name });
/**
 * A preview's body rows, once its table is drawn: a wide screen's table comes with its own code
 * (core/tables/responsive-table.tsx), which a slow machine may not have loaded by the first render.
 */
async function bodyRows(name: string) {
  await waitFor(() => expect(within(section(name)).getAllByRole('row').length).toBeGreaterThan(1));
  return within(section(name)).getAllByRole('row').slice(1);
}

describe('User profile', () => {
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

  it('shows the fields, the email cut at 40 characters and the counts', async () => {
    const fake = serveProfile();
    renderApp('/userdetail/U900');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Silva' })).toBeInTheDocument();
    expect(Object.fromEntries(fake.loads[0] ?? [])).toEqual({ uid: 'U900', access_type: 'userManagement' });
    expect(field('Name')).toHaveTextContent('Ana Silva');
    expect(field('Username')).toHaveTextContent('traveller');
    expect(field('User ID')).toHaveTextContent('U900');
    expect(field('Email')).toHaveTextContent(`${LONG_EMAIL.slice(0, 40)}…`);
    expect(within(field('Email') as HTMLElement).getByTitle(LONG_EMAIL)).toBeInTheDocument();
    expect(field('Member since')).toHaveTextContent(/^04\/03\/2025, \d\d:05 (am|pm)$/);
    expect(field('Updated at')).toHaveTextContent(/^07\/06\/2025, \d\d:30 (am|pm)$/);
    const status = screen.getByRole('group', { name: 'Status' });
    expect(within(status).getByText('ACTIVE')).toBeInTheDocument();
    expect(within(status).queryByText('Blocked')).not.toBeInTheDocument();
    expect(screen.getByText('Friends').parentElement).toHaveTextContent('7 Friends');
    expect(screen.getByText('Blocked').parentElement).toHaveTextContent('0 Blocked');
    for (const [label, value] of [
      ['Cafes', '5'],
      ['Jobs', '0'],
      ['Rentals', '4'],
      ['Shops', '6'],
    ]) {
      const tile = screen.getByText(label, { selector: 'p' });
      expect(tile.nextElementSibling).toHaveTextContent(value);
      // The user's list counts deleted items in All; the tile says it leaves them out.
      expect(tile.parentElement).toHaveTextContent('not counting deleted');
    }
  });

  it('asks for the profile while its page is still loading, and the page uses that answer', async () => {
    const fake = serveProfile();
    const { router } = renderApp('/account');
    await router.preloadRoute({ to: '/userdetail/$id', params: { id: 'U900' } });
    await waitFor(() => expect(fake.loads).toHaveLength(1));

    await router.navigate({ to: '/userdetail/$id', params: { id: 'U900' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Silva' })).toBeInTheDocument();
    expect(fake.loads).toHaveLength(1);
  });

  it("shows a blocked user's own tag", async () => {
    serveProfile({ profile: makeProfile({ isBlocked: true }) });
    renderApp('/userdetail/U900');
    const status = await screen.findByRole('group', { name: 'Status' });
    expect(within(status).getByText('Blocked')).toBeInTheDocument();
  });

  it("numbers the five previews from 1 and says 'No data available' for an empty one", async () => {
    serveProfile();
    renderApp('/userdetail/U900');
    await screen.findByRole('heading', { level: 1, name: 'Ana Silva' });

    const cafes = await bodyRows('Cafe');
    expect(cafes).toHaveLength(5);
    expect(within(cafes[0] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(within(cafes[4] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent('5');
    expect(within(section('Cafe')).getByRole('link', { name: 'Cafe 1' })).toHaveAttribute(
      'href',
      `/cafedetail/${uuid(101)}`,
    );

    const groups = await bodyRows('Groups');
    expect(within(groups[0] as HTMLElement).getByRole('link', { name: 'Group 1' })).toHaveAttribute(
      'href',
      '/groupdetail/S1',
    );
    expect(groups[0]).toHaveTextContent('traveller');
    expect(groups[0]).toHaveTextContent('4.56');
    expect(groups[0]).toHaveTextContent('Active');
    expect(groups[1]).toHaveTextContent('Inactive');

    expect(within(section('Rentals')).getByRole('link', { name: 'Rental 1' })).toHaveAttribute(
      'href',
      `/rentaldetail/${uuid(301)}`,
    );
    expect((await bodyRows('Rentals'))[0]).toHaveTextContent('Apartment');
    expect(within(section('Shops')).getByRole('link', { name: 'Shop 1' })).toHaveAttribute(
      'href',
      `/shopdetail/${uuid(501)}`,
    );
    expect((await bodyRows('Shops'))[0]).toHaveTextContent('DELETED');
    expect(within(section('Jobs')).queryByRole('table')).not.toBeInTheDocument();
    expect(within(section('Jobs')).getByText(MESSAGES.noData)).toBeInTheDocument();
  });

  it('links a job to its page', async () => {
    serveProfile({ profile: makeProfile({}, { jobs: [makeJob(1)], jobscount: 1 }) });
    renderApp('/userdetail/U900');
    const jobs = await screen.findByRole('region', { name: 'Jobs' });
    expect(within(jobs).getByRole('link', { name: 'Barista 1' })).toHaveAttribute(
      'href',
      `/jobs/${uuid(401)}`,
    );
    expect((await bodyRows('Jobs'))[0]).toHaveTextContent('€1,200 monthly');
  });

  it('shows View All from 5 records on, to the per-user list', async () => {
    serveProfile();
    renderApp('/userdetail/U900');
    await screen.findByRole('heading', { level: 1, name: 'Ana Silva' });

    expect(within(section('Cafe')).getByRole('link', { name: 'View All Cafe' })).toHaveAttribute(
      'href',
      '/user-cafe/U900',
    );
    expect(within(section('Shops')).getByRole('link', { name: 'View All Shops' })).toHaveAttribute(
      'href',
      '/user-shops/U900',
    );
    for (const name of ['Groups', 'Rentals', 'Jobs']) {
      expect(within(section(name)).queryByRole('link', { name: /View All/ })).not.toBeInTheDocument();
    }
  });

  it('asks before inactivating, calls disable with the _id, toasts and reloads the profile', async () => {
    const user = userEvent.setup();
    const fake = serveProfile();
    renderApp('/userdetail/U900');

    await user.click(await screen.findByRole('button', { name: 'Inactivate User' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to Inactivate this user ?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'No, Go Back' })).toBeInTheDocument();
    const loadsBefore = fake.loads.length;

    await user.click(within(dialog).getByRole('button', { name: 'Yes, Inactivate' }));
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]?.method).toBe('POST');
    expect(new URL(fake.calls[0]?.url ?? '', 'http://localhost').searchParams.get('uid')).toBe(USER_ID);
    expect(await screen.findByText(MESSAGES.userDeactivated)).toBeInTheDocument();
    await waitFor(() => expect(fake.loads.length).toBeGreaterThan(loadsBefore));
    expect(await screen.findByRole('button', { name: 'Activate User' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Status' })).getByText('INACTIVE')).toBeInTheDocument();
  });

  it('edits the names: a taken username shows on its field, then the change is saved and shown', async () => {
    const user = userEvent.setup();
    const fake = serveProfile();
    renderApp('/userdetail/U900');

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    const username = dialog.getByRole('textbox', { name: 'Username' });
    expect(username).toHaveValue('traveller');
    await user.clear(username);
    await user.type(username, 'taken');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('this username is taken')).toBeInTheDocument();
    const call = fake.calls[0];
    expect(call?.method).toBe('PUT');
    expect(new URL(call?.url ?? '', 'http://localhost').searchParams.get('uid')).toBe(USER_ID);

    await user.clear(username);
    await user.type(username, 'ana.s');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(MESSAGES.editedSuccessfully)).not.toHaveLength(0);
    await waitFor(() => expect(field('Username')).toHaveTextContent('ana.s'));
  });

  it('offers Activate for an INACTIVE user and calls enable', async () => {
    const user = userEvent.setup();
    const fake = serveProfile({ profile: makeProfile({ status: 'INACTIVE' }) });
    renderApp('/userdetail/U900');

    await user.click(await screen.findByRole('button', { name: 'Activate User' }));
    expect(await screen.findByText('Are you sure you want to Activate this user ?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, Activate' }));
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]?.method).toBe('PUT');
    expect(fake.calls[0]?.path).toBe('/admin/users/enable');
    expect(await screen.findByText(MESSAGES.userActivated)).toBeInTheDocument();
  });

  it('shows no button without write on users', async () => {
    serveProfile({ me: readOnlyMe() });
    renderApp('/userdetail/U900');
    await screen.findByRole('heading', { level: 1, name: 'Ana Silva' });
    expect(screen.queryByRole('button', { name: /(In)?activate User/ })).not.toBeInTheDocument();
  });

  it('shows no button for a deleted user', async () => {
    serveProfile({ profile: makeProfile({ status: 'DELETED' }) });
    renderApp('/userdetail/U900');
    await screen.findByRole('heading', { level: 1, name: 'Ana Silva' });
    expect(screen.queryByRole('button', { name: /(In)?activate User/ })).not.toBeInTheDocument();
  });

  it('says the user was not found, with a way back to the list', async () => {
    serveProfile({ status: 404 });
    renderApp('/userdetail/nobody');
    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/user');
  });

  it("says 'You dont have access' when the profile is refused", async () => {
    serveProfile({ status: 403 });
    renderApp('/userdetail/U900');
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
  });

  it('does not load the profile without read on users', async () => {
    const fake = serveProfile({ me: makeMe() });
    renderApp('/userdetail/U900');
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
    expect(fake.loads).toHaveLength(0);
  });
});
