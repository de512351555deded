import { AREA_NAMES, type AreaName, type DetailAreaName, listSearchOf } from '@roam/contract/areas';
import { detailRequest } from '../../core/details/detail-request';
import { listRequest } from '../../core/lists/list-request';
import { userProfileRequest } from '../../features/users/api/user-profile-request';
import { type ApiCall, buildUrl } from '../../lib/api-url';
import { LIST_PATHS } from '../layout/list-paths';

/** Stands for the item's id in an early page's path and request; the page's address gives it. */
export const ID_SLOT = '__id__';

/**
 * A page whose data and code a signed-in admin's page asks for early: its path (with ID_SLOT for
 * an item's id), the request its data needs first (with ID_SLOT where the id goes) and the modules
 * its route imports (under src/), whose files come with them.
 */
export type EarlyPage = {
  path: string;
  request: string;
  modules: readonly string[];
  /** What kind of page, for the tests that check the request is the page's own. */
  page: { kind: 'list'; area: AreaName } | { kind: 'detail'; area: DetailAreaName } | { kind: 'user' };
};

const LIST_SCREEN = 'core/lists/components/list-page.tsx';
const DETAIL_SCREEN = 'core/details/detail-page.tsx';

/** Each area's list declaration, the module its list route imports (app/routes/areas.tsx). */
const LIST_DECLARATIONS: Record<AreaName, string> = {
  users: 'features/users/user-list.tsx',
  cities: 'features/cities/city-list.tsx',
  cafes: 'features/cafes/cafe-list.tsx',
  shops: 'features/shops/shop-list.tsx',
  explore: 'features/explore/explore-list.tsx',
  promos: 'features/promos/promo-list.tsx',
  rentals: 'features/rentals/rental-list.tsx',
  jobs: 'features/jobs/job-list.tsx',
  issues: 'features/issues/issue-list.tsx',
  contacts: 'features/contacts/contact-list.tsx',
  groups: 'features/groups/group-list.tsx',
};

/** The detail routes that render the one detail page and ask for their item (`prefetchItem`). */
const DETAIL_PAGES: { path: string; area: DetailAreaName; declaration: string }[] = [
  { path: `/cafedetail/${ID_SLOT}`, area: 'cafes', declaration: 'features/cafes/cafe-detail.tsx' },
  { path: `/shopdetail/${ID_SLOT}`, area: 'shops', declaration: 'features/shops/shop-detail.tsx' },
  { path: `/exploredetail/${ID_SLOT}`, area: 'explore', declaration: 'features/explore/explore-detail.tsx' },
  { path: `/rentaldetail/${ID_SLOT}`, area: 'rentals', declaration: 'features/rentals/rental-detail.tsx' },
  { path: `/jobs/${ID_SLOT}`, area: 'jobs', declaration: 'features/jobs/job-detail.tsx' },
];

const addressOf = (call: ApiCall) => buildUrl(call.path, call);

/**
 * The pages a signed-in admin's page asks for early when it is opened at one of them without a
 * search: each area's list page (its status's first page, the very address the list's own query
 * asks for with the router's empty search), the detail pages (their item) and a user's profile
 * (its profile data). The build writes them into the page with their files (vite.config.ts), and
 * the page's first script asks for both with the shell's files (public/first-paint.js) rather than
 * once the panel's code has run and the route has rendered. Nothing here needs a browser.
 */
export function earlyPages(): EarlyPage[] {
  return [
    ...AREA_NAMES.map(
      (area): EarlyPage => ({
        path: LIST_PATHS[area],
        request: addressOf(listRequest(area, listSearchOf(area)({}), undefined)),
        modules: [LIST_SCREEN, LIST_DECLARATIONS[area]],
        page: { kind: 'list', area },
      }),
    ),
    ...DETAIL_PAGES.map(
      ({ path, area, declaration }): EarlyPage => ({
        path,
        request: addressOf(detailRequest(area, ID_SLOT)),
        modules: [DETAIL_SCREEN, declaration],
        page: { kind: 'detail', area },
      }),
    ),
    {
      path: `/userdetail/${ID_SLOT}`,
      request: addressOf(userProfileRequest(ID_SLOT)),
      modules: ['features/users/user-profile.tsx'],
      page: { kind: 'user' },
    },
  ];
}
