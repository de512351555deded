import type { FastifyInstance } from 'fastify';
import { cafeResource } from './cafes/resource';
import { cityResource } from './cities/resource';
import { contactResource } from './contacts/resource';
import { type ResourceDeclaration, registerResource } from './core/resource';
import { exploreResource } from './explore/resource';
import { issueResource } from './issues/resource';
import { jobResource } from './jobs/resource';
import { promoResource } from './promos/resource';
import { rentalResource } from './rentals/resource';
import { shopResource } from './shops/resource';

/** The areas served by the resource factory alone (users and groups add their own routes). */
export const RESOURCES: readonly ResourceDeclaration[] = [
  cityResource,
  exploreResource,
  cafeResource,
  shopResource,
  rentalResource,
  jobResource,
  promoResource,
  issueResource,
  contactResource,
];

export async function resourceRoutes(app: FastifyInstance) {
  for (const declaration of RESOURCES) await registerResource(app, declaration);
}
