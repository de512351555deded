import type { FastifyInstance } from 'fastify';
import {
  registerDelete,
  registerDetail,
  registerList,
  registerReviews,
  registerToggle,
} from '../core/routes';
import { shopResource } from './resource';

/** Stores and shops (SPEC §7): list, detail with its rating, reviews, toggle and delete. */
export async function shopRoutes(app: FastifyInstance) {
  registerList(app, shopResource);
  registerDetail(app, shopResource, { ratingOf: 'shop' });
  registerReviews(app, shopResource, 'shop');
  registerToggle(app, shopResource);
  registerDelete(app, shopResource);
}
