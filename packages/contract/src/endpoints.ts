import type { AREA_MODULES } from './entities';
import { DEFAULT_PAGE_SIZE, PROMO_PAGE_SIZE } from './lists';

export type AreaName = keyof typeof AREA_MODULES;

/**
 * Where each area's list lives (SPEC §7): its path under /admin, the key of its rows in the
 * response, and its page size (SPEC §9). The server registers its routes from this table and the
 * panel calls them from it, so the two never disagree.
 */
export type ListEndpoint = { path: string; responseKey: string; pageSize: number };

export const LIST_ENDPOINTS = {
  users: { path: '/users', responseKey: 'Users', pageSize: DEFAULT_PAGE_SIZE },
  cities: { path: '/city', responseKey: 'cities', pageSize: DEFAULT_PAGE_SIZE },
  explore: { path: '/explore', responseKey: 'explores', pageSize: DEFAULT_PAGE_SIZE },
  cafes: { path: '/cafe', responseKey: 'cafes', pageSize: DEFAULT_PAGE_SIZE },
  shops: { path: '/shop', responseKey: 'shops', pageSize: DEFAULT_PAGE_SIZE },
  rentals: { path: '/rental', responseKey: 'rentals', pageSize: DEFAULT_PAGE_SIZE },
  jobs: { path: '/job', responseKey: 'jobs', pageSize: DEFAULT_PAGE_SIZE },
  promos: { path: '/promo', responseKey: 'banners', pageSize: PROMO_PAGE_SIZE },
  issues: { path: '/report', responseKey: 'Reports', pageSize: DEFAULT_PAGE_SIZE },
  contacts: { path: '/contact/requests', responseKey: 'requests', pageSize: DEFAULT_PAGE_SIZE },
  groups: { path: '/group', responseKey: 'groups', pageSize: DEFAULT_PAGE_SIZE },
} as const satisfies Record<AreaName, ListEndpoint>;
