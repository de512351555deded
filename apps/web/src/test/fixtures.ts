import type { AdminMe } from '@roam/contract/entities';
import { emptyPermissions } from '@roam/contract/permissions';

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
