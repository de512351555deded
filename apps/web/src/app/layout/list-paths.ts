import type { AreaName } from '@roam/contract/areas';
import type { StaticPath } from '../../lib/app-paths';

/** Each area's list: where its navigation entry (in AREAS' order, SPEC §2) and its ways back go. */
export const LIST_PATHS = {
  users: '/user',
  cities: '/cities',
  cafes: '/cafe',
  shops: '/shop',
  explore: '/explore',
  promos: '/promos',
  rentals: '/rental',
  jobs: '/jobs',
  issues: '/issues',
  contacts: '/contactus',
  groups: '/group',
} as const satisfies Record<AreaName, StaticPath>;
