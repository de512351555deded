import type { FastifyInstance } from 'fastify';
import { cafeResource } from './cafes/resource';
import { cityResource } from './cities/resource';
import { contactResource } from './contacts/resource';
import { type ResourceDeclaration, registerResource } from './core/resource';
import { exploreResource } from './explore/resource';
import { groupResource } from './groups/resource';
import { issueResource } from './issues/resource';
import { jobResource } from './jobs/resource';
import { promoResource } from './promos/resource';
import { rentalResource } from './rentals/resource';
import { shopResource } from './shops/resource';
import type { ProfileLists } from './users/profile';
import { userResource } from './users/resource';

/** Every area the resource factory serves (users and groups add their own routes beside it). */
export const RESOURCES: readonly ResourceDeclaration[] = [
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

/** The areas a user's profile previews, handed to the users' routes (SPEC §2 User profile). */
export const PROFILE_DECLARATIONS: ProfileLists = {
  cafes: cafeResource,
  groups: groupResource,
  rentals: rentalResource,
  jobs: jobResource,
  shops: shopResource,
};

export async function resourceRoutes(app: FastifyInstance) {
  for (const declaration of RESOURCES) await registerResource(app, declaration);
}
