import type { AdminMe } from '@roam/contract/entities';
import { emptyPermissions } from '@roam/contract/permissions';
import type { RecordStatus } from '@roam/contract/status';

/** GET /admin/me as the server answers it; an ACTIVE sub-admin with no permissions by default. */
export function makeMe(overrides: Partial<AdminMe> = {}): AdminMe {
  return {
    profile: {
      userID: 'u-1',
      username: 'sub.admin',
      fullname: 'Sub',
      lastname: 'Admin',
      email: 'sub@example.com',
      homeLocation: null,
      profileURL: [],
      createdAt: '2024-01-02T10:00:00.000Z',
    },
    role_type: 'sub-admin',
    status: 'ACTIVE',
    permissions: emptyPermissions(),
    counts: { cafes: 1, friends: 2, jobs: 3, rentals: 4, shops: 5 },
    mfa: { enabled: false, required: false },
    ...overrides,
  };
}

/** A cafe as the list answers it (cafeSchema without its rating): `Cafe {index}`, ACTIVE by default. */
export function makeCafe(index: number, status: RecordStatus = 'ACTIVE') {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    userId: null,
    name: `Cafe ${index}`,
    city: null,
    cityData: { name: 'Lisbon' },
    timings: '9-5',
    contact: '+351 100',
    status,
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
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
  };
}
