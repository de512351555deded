import type { FastifyInstance } from 'fastify';
import { registerCreate, registerEdit } from '../core/forms';
import { registerDelete, registerList, registerToggle } from '../core/routes';
import { promoForm } from './form';
import { promoResource, promoTypeQuery } from './resource';

/** Promo banners (SPEC §7): list (also by `type`), create, edit, toggle and delete. */
export async function promoRoutes(app: FastifyInstance, options: { uploadsDir: string }) {
  registerList(app, promoResource, promoTypeQuery);
  registerCreate(app, promoForm, options);
  registerEdit(app, promoForm, options);
  registerToggle(app, promoResource);
  registerDelete(app, promoResource);
}
