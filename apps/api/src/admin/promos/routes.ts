import type { FastifyInstance } from 'fastify';
import { registerDelete, registerList, registerToggle } from '../core/routes';
import { promoResource, promoTypeQuery } from './resource';

/** Promo banners (SPEC §7): list (also by `type`), toggle and delete. */
export async function promoRoutes(app: FastifyInstance) {
  registerList(app, promoResource, promoTypeQuery);
  registerToggle(app, promoResource);
  registerDelete(app, promoResource);
}
