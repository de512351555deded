import { AREA_MODULES } from '@roam/contract/entities';
import type { PermissionModule } from '@roam/contract/permissions';
import type { ComponentType } from 'react';
import type { AnyListDeclaration } from '../core/lists/list-declaration';

/**
 * The management areas as data (DESIGN §1): each names its navigation label and its pages
 * (SPEC §2); its permission module comes from the contract's AREA_MODULES under the same name.
 * The first page is the area's list, the navigation target. A list page (`list`) renders the one
 * list screen from the area's list declaration, loaded on demand; a per-user list page is the same
 * list for its `$userId`. Pages not built yet render the generic "not available yet" page with
 * their title (see src/components/not-available-page.tsx).
 */
export type AreaName = keyof typeof AREA_MODULES;

type ListLoader = () => Promise<{ default: AnyListDeclaration }>;
type PageLoader = () => Promise<{ default: ComponentType }>;

/** A page renders either the list screen (`list`) or its own component (`page`), each loaded on demand. */
export type AreaPage = { path: string; title: string; list?: ListLoader; page?: PageLoader };

const lists = {
  users: () => import('../features/users/user-list'),
  cities: () => import('../features/cities/city-list'),
  cafes: () => import('../features/cafes/cafe-list'),
  shops: () => import('../features/shops/shop-list'),
  explore: () => import('../features/explore/explore-list'),
  promos: () => import('../features/promos/promo-list'),
  rentals: () => import('../features/rentals/rental-list'),
  jobs: () => import('../features/jobs/job-list'),
  issues: () => import('../features/issues/issue-list'),
  contacts: () => import('../features/contacts/contact-list'),
  groups: () => import('../features/groups/group-list'),
} satisfies Record<AreaName, ListLoader>;

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
      { path: '/user', title: 'Users', list: lists.users },
      {
        path: '/userdetail/$id',
        title: 'User Profile',
        page: () => import('../features/users/user-profile'),
      },
    ],
  },
  {
    name: 'cities',
    navLabel: 'City',
    pages: [
      { path: '/cities', title: 'City', list: lists.cities },
      { path: '/cities/$status', title: 'City', list: lists.cities },
    ],
  },
  {
    name: 'cafes',
    navLabel: 'Cafe',
    pages: [
      { path: '/cafe', title: 'Cafe', list: lists.cafes },
      { path: '/cafedetail/$id', title: 'Cafe Detail', page: () => import('../features/cafes/cafe-detail') },
      { path: '/user-cafe/$userId', title: 'Users cafe', list: lists.cafes },
    ],
  },
  {
    name: 'shops',
    navLabel: 'Store and Shop',
    pages: [
      { path: '/shop', title: 'Store and Shop', list: lists.shops },
      { path: '/shopdetail/$id', title: 'Shop Detail', page: () => import('../features/shops/shop-detail') },
      { path: '/user-shops/$userId', title: 'Users Shop', list: lists.shops },
    ],
  },
  {
    name: 'explore',
    navLabel: 'Things To Do',
    pages: [
      { path: '/explore', title: 'Things ToDo', list: lists.explore },
      { path: '/addexplore', title: 'Add Things ToDo' },
      {
        path: '/exploredetail/$id',
        title: 'Things ToDo Detail',
        page: () => import('../features/explore/explore-detail'),
      },
    ],
  },
  {
    name: 'promos',
    navLabel: 'Promo Banner',
    pages: [{ path: '/promos', title: 'Promo Banner', list: lists.promos }],
  },
  {
    name: 'rentals',
    navLabel: 'Rentals',
    pages: [
      { path: '/rental', title: 'Rental', list: lists.rentals },
      {
        path: '/rentaldetail/$id',
        title: 'Rental Detail',
        page: () => import('../features/rentals/rental-detail'),
      },
      { path: '/user-rentals/$userId', title: 'Users Rental', list: lists.rentals },
    ],
  },
  {
    name: 'jobs',
    navLabel: 'Jobs',
    pages: [
      { path: '/jobs', title: 'Jobs Management', list: lists.jobs },
      { path: '/jobs/$id', title: 'Job Detail', page: () => import('../features/jobs/job-detail') },
      { path: '/user-jobs/$userId', title: 'Users Jobs Management', list: lists.jobs },
    ],
  },
  {
    name: 'issues',
    navLabel: 'Reported Issue',
    pages: [{ path: '/issues', title: 'Reported Issue', list: lists.issues }],
  },
  {
    name: 'contacts',
    navLabel: 'Contact Us',
    pages: [{ path: '/contactus', title: 'Contact Us', list: lists.contacts }],
  },
  {
    name: 'groups',
    navLabel: 'Group',
    pages: [
      { path: '/group', title: 'Groups', list: lists.groups },
      {
        path: '/groupdetail/$statusId',
        title: 'Group Detail',
        page: () => import('../features/groups/group-detail'),
      },
      { path: '/user-groups/$userId', title: 'Users Groups', list: lists.groups },
    ],
  },
] as const satisfies readonly AreaDeclaration[];

export function getAreaModule(name: AreaName): PermissionModule {
  return AREA_MODULES[name];
}
