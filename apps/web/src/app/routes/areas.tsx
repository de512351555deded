import { AREAS, listSearchOf } from '@roam/contract/areas';
import { RECORD_STATUSES } from '@roam/contract/status';
import { createRoute, redirect } from '@tanstack/react-router';
import type { GroupDetailProps } from '../../features/groups/group-detail';
import { userProfileQueryOptions } from '../../features/users/api/get-user-profile';
import { prefetchReadable } from '../../lib/me';
import {
  type DetailRouteState,
  detailPage,
  type ListRouteState,
  listPage,
  ownPage,
  prefetchItem,
  readDetailSearch,
} from './pages';
import { protectedRoute } from './root';

/**
 * The pages of the management areas (SPEC §2), one typed route each: a link to any of them is
 * checked by the compiler, params included. An area's module, labels and calls are its entry in
 * the contract's AREAS; this names only what is the panel's own: its paths and what each renders.
 * A list route renders the one list screen with the area's list declaration (features/<area>/
 * <area>-list.tsx), a detail route the one detail page with its detail declaration; per-user lists
 * (/user-cafe/{userId}) are the same list for one user. A detail route's loader asks for its item
 * while the page's code loads (`prefetchItem`), as the protected route does for a list's first page.
 * The side navigation is in ../layout/navigation.ts.
 */

const title = (area: keyof typeof AREAS) => AREAS[area].labels.title;
const lists = {
  users: () => import('../../features/users/user-list'),
  cities: () => import('../../features/cities/city-list'),
  cafes: () => import('../../features/cafes/cafe-list'),
  shops: () => import('../../features/shops/shop-list'),
  explore: () => import('../../features/explore/explore-list'),
  promos: () => import('../../features/promos/promo-list'),
  rentals: () => import('../../features/rentals/rental-list'),
  jobs: () => import('../../features/jobs/job-list'),
  issues: () => import('../../features/issues/issue-list'),
  contacts: () => import('../../features/contacts/contact-list'),
  groups: () => import('../../features/groups/group-list'),
};
/** Each detail route's declaration: its page renders it, its loader reads the item's first photo with it. */
const details = {
  cafes: () => import('../../features/cafes/cafe-detail'),
  shops: () => import('../../features/shops/shop-detail'),
  explore: () => import('../../features/explore/explore-detail'),
  rentals: () => import('../../features/rentals/rental-detail'),
  jobs: () => import('../../features/jobs/job-detail'),
};

const userList = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/user',
  staticData: { area: 'users' },
  validateSearch: listSearchOf('users'),
  component: listPage(title('users'), lists.users, (): ListRouteState => ({ search: userList.useSearch() })),
});

const userProfile = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/userdetail/$id',
  staticData: { area: 'users' },
  loader: ({ context, params }) => {
    void prefetchReadable(context.queryClient, AREAS.users.module, userProfileQueryOptions(params.id));
  },
  component: ownPage(
    () => import('../../features/users/user-profile'),
    (): { id: string } => userProfile.useParams(),
  ),
});

const cityList = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/cities',
  staticData: { area: 'cities' },
  validateSearch: listSearchOf('cities'),
  component: listPage(
    title('cities'),
    lists.cities,
    (): ListRouteState => ({ search: cityList.useSearch() }),
  ),
});

/** /cities/{status}: the city list opened on that status tile (an unknown status opens All). */
const cityStatus = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/cities/$status',
  staticData: { area: 'cities' },
  beforeLoad: ({ params }) => {
    const [status] = RECORD_STATUSES.filter((value) => value === params.status.toUpperCase());
    throw redirect({ to: '/cities', search: { status } });
  },
});

const cafeList = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/cafe',
  staticData: { area: 'cafes' },
  validateSearch: listSearchOf('cafes'),
  component: listPage(title('cafes'), lists.cafes, (): ListRouteState => ({ search: cafeList.useSearch() })),
});

const cafeDetail = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/cafedetail/$id',
  staticData: { area: 'cafes' },
  validateSearch: readDetailSearch,
  loader: prefetchItem('cafes', details.cafes),
  component: detailPage(
    details.cafes,
    (): DetailRouteState => ({ id: cafeDetail.useParams().id, tab: cafeDetail.useSearch().tab }),
  ),
});

const userCafes = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/user-cafe/$userId',
  staticData: { area: 'cafes' },
  validateSearch: listSearchOf('cafes'),
  component: listPage(
    'Users cafe',
    lists.cafes,
    (): ListRouteState => ({ search: userCafes.useSearch(), userId: userCafes.useParams().userId }),
  ),
});

const shopList = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/shop',
  staticData: { area: 'shops' },
  validateSearch: listSearchOf('shops'),
  component: listPage(title('shops'), lists.shops, (): ListRouteState => ({ search: shopList.useSearch() })),
});

const shopDetail = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/shopdetail/$id',
  staticData: { area: 'shops' },
  validateSearch: readDetailSearch,
  loader: prefetchItem('shops', details.shops),
  component: detailPage(
    details.shops,
    (): DetailRouteState => ({ id: shopDetail.useParams().id, tab: shopDetail.useSearch().tab }),
  ),
});

const userShops = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/user-shops/$userId',
  staticData: { area: 'shops' },
  validateSearch: listSearchOf('shops'),
  component: listPage(
    'Users Shop',
    lists.shops,
    (): ListRouteState => ({ search: userShops.useSearch(), userId: userShops.useParams().userId }),
  ),
});

const exploreList = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/explore',
  staticData: { area: 'explore' },
  validateSearch: listSearchOf('explore'),
  component: listPage(
    title('explore'),
    lists.explore,
    (): ListRouteState => ({ search: exploreList.useSearch() }),
  ),
});

const exploreAdd = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/addexplore',
  staticData: { area: 'explore' },
  component: ownPage(
    () => import('../../features/explore/add-explore-page'),
    (): Record<string, never> => ({}),
  ),
});

const exploreDetail = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/exploredetail/$id',
  staticData: { area: 'explore' },
  validateSearch: readDetailSearch,
  loader: prefetchItem('explore', details.explore),
  component: detailPage(
    details.explore,
    (): DetailRouteState => ({ id: exploreDetail.useParams().id, tab: exploreDetail.useSearch().tab }),
  ),
});

const promoList = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/promos',
  staticData: { area: 'promos' },
  validateSearch: listSearchOf('promos'),
  component: listPage(
    title('promos'),
    lists.promos,
    (): ListRouteState => ({ search: promoList.useSearch() }),
  ),
});

const rentalList = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/rental',
  staticData: { area: 'rentals' },
  validateSearch: listSearchOf('rentals'),
  component: listPage(
    title('rentals'),
    lists.rentals,
    (): ListRouteState => ({ search: rentalList.useSearch() }),
  ),
});

const rentalDetail = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/rentaldetail/$id',
  staticData: { area: 'rentals' },
  validateSearch: readDetailSearch,
  loader: prefetchItem('rentals', details.rentals),
  component: detailPage(
    details.rentals,
    (): DetailRouteState => ({ id: rentalDetail.useParams().id, tab: rentalDetail.useSearch().tab }),
  ),
});

const userRentals = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/user-rentals/$userId',
  staticData: { area: 'rentals' },
  validateSearch: listSearchOf('rentals'),
  component: listPage(
    'Users Rental',
    lists.rentals,
    (): ListRouteState => ({ search: userRentals.useSearch(), userId: userRentals.useParams().userId }),
  ),
});

const jobList = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/jobs',
  staticData: { area: 'jobs' },
  validateSearch: listSearchOf('jobs'),
  component: listPage(title('jobs'), lists.jobs, (): ListRouteState => ({ search: jobList.useSearch() })),
});

const jobDetail = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/jobs/$id',
  staticData: { area: 'jobs' },
  validateSearch: readDetailSearch,
  loader: prefetchItem('jobs', details.jobs),
  component: detailPage(
    details.jobs,
    (): DetailRouteState => ({ id: jobDetail.useParams().id, tab: jobDetail.useSearch().tab }),
  ),
});

const userJobs = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/user-jobs/$userId',
  staticData: { area: 'jobs' },
  validateSearch: listSearchOf('jobs'),
  component: listPage(
    'Users Jobs Management',
    lists.jobs,
    (): ListRouteState => ({ search: userJobs.useSearch(), userId: userJobs.useParams().userId }),
  ),
});

const issueList = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/issues',
  staticData: { area: 'issues' },
  validateSearch: listSearchOf('issues'),
  component: listPage(
    title('issues'),
    lists.issues,
    (): ListRouteState => ({ search: issueList.useSearch() }),
  ),
});

const contactList = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/contactus',
  staticData: { area: 'contacts' },
  validateSearch: listSearchOf('contacts'),
  component: listPage(
    title('contacts'),
    lists.contacts,
    (): ListRouteState => ({ search: contactList.useSearch() }),
  ),
});

const groupList = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/group',
  staticData: { area: 'groups' },
  validateSearch: listSearchOf('groups'),
  component: listPage(
    title('groups'),
    lists.groups,
    (): ListRouteState => ({ search: groupList.useSearch() }),
  ),
});

const groupDetail = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/groupdetail/$statusId',
  staticData: { area: 'groups' },
  validateSearch: listSearchOf('groups'),
  component: ownPage(
    () => import('../../features/groups/group-detail'),
    (): GroupDetailProps => ({ statusId: groupDetail.useParams().statusId, search: groupDetail.useSearch() }),
  ),
});

const userGroups = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/user-groups/$userId',
  staticData: { area: 'groups' },
  validateSearch: listSearchOf('groups'),
  component: listPage(
    'Users Groups',
    lists.groups,
    (): ListRouteState => ({ search: userGroups.useSearch(), userId: userGroups.useParams().userId }),
  ),
});

export const areaRoutes = [
  userList,
  userProfile,
  cityList,
  cityStatus,
  cafeList,
  cafeDetail,
  userCafes,
  shopList,
  shopDetail,
  userShops,
  exploreList,
  exploreAdd,
  exploreDetail,
  promoList,
  rentalList,
  rentalDetail,
  userRentals,
  jobList,
  jobDetail,
  userJobs,
  issueList,
  contactList,
  groupList,
  groupDetail,
  userGroups,
] as const;
