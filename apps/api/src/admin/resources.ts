import type { AreaName } from '@roam/contract/areas';
import type { FastifyInstance } from 'fastify';
import type { Mfa } from '../auth/mfa';
import { analyticsRoutes } from './analytics/routes';
import { auditRoutes } from './audit/routes';
import { cafeResource } from './cafes/resource';
import { cafeRoutes } from './cafes/routes';
import { cityResource } from './cities/resource';
import { cityRoutes } from './cities/routes';
import { contactResource } from './contacts/resource';
import { contactRoutes } from './contacts/routes';
import type { Resource } from './core/resource';
import type { ExtraListQuery } from './core/routes';
import { exploreResource } from './explore/resource';
import { exploreRoutes } from './explore/routes';
import { groupResource } from './groups/resource';
import { groupRoutes } from './groups/routes';
import { issueResource } from './issues/resource';
import { issueRoutes } from './issues/routes';
import { jobResource } from './jobs/resource';
import { jobRoutes } from './jobs/routes';
import { meRoutes } from './me/routes';
import { promoResource, promoTypeQuery } from './promos/resource';
import { promoRoutes } from './promos/routes';
import { rentalResource } from './rentals/resource';
import { rentalRoutes } from './rentals/routes';
import { securityRoutes } from './security/routes';
import { shopResource } from './shops/resource';
import { shopRoutes } from './shops/routes';
import type { ProfileLists } from './users/profile';
import { userResource } from './users/resource';
import { userRoutes } from './users/routes';

/** Every area's data, in the order of the navigation (the lists' tests walk it). */
export const RESOURCES: readonly Resource[] = [
  userResource,
  cityResource,
  exploreResource,
  cafeResource,
  shopResource,
  rentalResource,
  jobResource,
  promoResource,
  issueResource,
  contactResource,
  groupResource,
];

/** The areas whose list takes parameters of its own (promos' `type`), which a download honours too. */
const EXTRA_LIST_QUERIES: Partial<Record<AreaName, ExtraListQuery>> = { promos: promoTypeQuery };

/** What a download of an area reads: its resource (with its export columns) and its own list parameters. */
export function exportSourceOf(area: AreaName): { resource: Resource; extra?: ExtraListQuery } {
  const resource = RESOURCES.find((candidate) => candidate.area === area);
  if (!resource) throw new Error(`${area}: no resource`);
  return { resource, extra: EXTRA_LIST_QUERIES[area] };
}

/** The areas a user's profile previews, handed to the users' routes (SPEC §2 User profile). */
const PROFILE_LISTS: ProfileLists = {
  cafes: cafeResource,
  groups: groupResource,
  rentals: rentalResource,
  jobs: jobResource,
  shops: shopResource,
};

/**
 * Every /admin route, area by area: the app's wiring, the one place that knows every area (so no
 * area imports another).
 */
export async function adminRoutes(admin: FastifyInstance, options: { uploadsDir: string; mfa: Mfa }) {
  await admin.register(meRoutes, { uploadsDir: options.uploadsDir });
  await admin.register(securityRoutes, { mfa: options.mfa });
  await admin.register(analyticsRoutes);
  await admin.register(auditRoutes);
  await admin.register(userRoutes, { profileLists: PROFILE_LISTS });
  await admin.register(cityRoutes, { uploadsDir: options.uploadsDir });
  await admin.register(exploreRoutes, { uploadsDir: options.uploadsDir });
  await admin.register(cafeRoutes);
  await admin.register(shopRoutes);
  await admin.register(rentalRoutes);
  await admin.register(jobRoutes);
  await admin.register(promoRoutes, { uploadsDir: options.uploadsDir });
  await admin.register(issueRoutes);
  await admin.register(contactRoutes);
  await admin.register(groupRoutes);
}
