import { AREA_MODULES } from '@roam/contract/entities';
import type { PermissionModule } from '@roam/contract/permissions';

/**
 * The management areas as data (DESIGN §1): each names its navigation label and its pages
 * (SPEC §2); its permission module comes from the contract's AREA_MODULES under the same name.
 * The first page is the area's list, the navigation target. Until
 * an area is built, every page of it renders the one generic "not available yet" page with the
 * page's title (see src/components/not-available-page.tsx).
 */
export type AreaName = keyof typeof AREA_MODULES;

export type AreaPage = { path: string; title: string };

export type AreaDeclaration = {
  name: AreaName;
  navLabel: string;
  pages: readonly [AreaPage, ...AreaPage[]];
};

/** In the order of the side navigation (SPEC §2). */
export const AREAS = [
  {
    name: 'users',
    navLabel: 'User',
    pages: [
      { path: '/user', title: 'Users' },
      { path: '/userdetail/$id', title: 'User Profile' },
    ],
  },
  {
    name: 'cities',
    navLabel: 'City',
    pages: [
      { path: '/cities', title: 'City' },
      { path: '/cities/$status', title: 'City' },
    ],
  },
  {
    name: 'cafes',
    navLabel: 'Cafe',
    pages: [
      { path: '/cafe', title: 'Cafe' },
      { path: '/cafedetail/$id', title: 'Cafe Detail' },
      { path: '/user-cafe/$userId', title: 'Users cafe' },
    ],
  },
  {
    name: 'shops',
    navLabel: 'Store and Shop',
    pages: [
      { path: '/shop', title: 'Store and Shop' },
      { path: '/shopdetail/$id', title: 'Shop Detail' },
      { path: '/user-shops/$userId', title: 'Users Shop' },
    ],
  },
  {
    name: 'explore',
    navLabel: 'Things To Do',
    pages: [
      { path: '/explore', title: 'Things ToDo' },
      { path: '/addexplore', title: 'Add Things ToDo' },
      { path: '/exploredetail/$id', title: 'Things ToDo Detail' },
    ],
  },
  {
    name: 'promos',
    navLabel: 'Promo Banner',
    pages: [{ path: '/promos', title: 'Promo Banner' }],
  },
  {
    name: 'rentals',
    navLabel: 'Rentals',
    pages: [
      { path: '/rental', title: 'Rental' },
      { path: '/rentaldetail/$id', title: 'Rental Detail' },
      { path: '/user-rentals/$userId', title: 'Users Rental' },
    ],
  },
  {
    name: 'jobs',
    navLabel: 'Jobs',
    pages: [
      { path: '/jobs', title: 'Jobs Management' },
      { path: '/jobs/$id', title: 'Job Detail' },
      { path: '/user-jobs/$userId', title: 'Users Jobs Management' },
    ],
  },
  {
    name: 'issues',
    navLabel: 'Reported Issue',
    pages: [{ path: '/issues', title: 'Reported Issue' }],
  },
  {
    name: 'contacts',
    navLabel: 'Contact Us',
    pages: [{ path: '/contactus', title: 'Contact Us' }],
  },
  {
    name: 'groups',
    navLabel: 'Group',
    pages: [
      { path: '/group', title: 'Groups' },
      { path: '/groupdetail/$statusId', title: 'Group Detail' },
      { path: '/user-groups/$userId', title: 'Users Groups' },
    ],
  },
] as const satisfies readonly AreaDeclaration[];

export function getAreaModule(name: AreaName): PermissionModule {
  return AREA_MODULES[name];
}
