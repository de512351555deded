import type { FastifyInstance } from 'fastify';
import {
  registerApplications,
  registerDelete,
  registerDetail,
  registerList,
  registerReviews,
  registerToggle,
} from '../core/routes';
import { rentalApplicationList, rentalResource } from './resource';

/** Rentals (SPEC §7): list, detail with its rating, reviews, applications, toggle and delete. */
export async function rentalRoutes(app: FastifyInstance) {
  registerList(app, rentalResource);
  registerDetail(app, rentalResource, { ratingOf: 'rental' });
  registerReviews(app, rentalResource, 'rental');
  registerApplications(app, rentalResource, rentalApplicationList);
  registerToggle(app, rentalResource);
  registerDelete(app, rentalResource);
}
