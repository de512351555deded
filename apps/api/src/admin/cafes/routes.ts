import type { FastifyInstance } from 'fastify';
import {
  registerDelete,
  registerDetail,
  registerList,
  registerReviews,
  registerToggle,
} from '../core/routes';
import { cafeResource } from './resource';

/** Cafes (SPEC §7): list, detail with its rating, reviews, toggle and delete. */
export async function cafeRoutes(app: FastifyInstance) {
  registerList(app, cafeResource);
  registerDetail(app, cafeResource, { ratingOf: 'cafe' });
  registerReviews(app, cafeResource, 'cafe');
  registerToggle(app, cafeResource);
  registerDelete(app, cafeResource);
}
