import type { FastifyInstance } from 'fastify';
import { registerDelete, registerDetail, registerList, registerToggle } from '../core/routes';
import { cityResource } from './resource';

/** Cities (SPEC §7): list, detail, toggle and delete. */
export async function cityRoutes(app: FastifyInstance) {
  registerList(app, cityResource);
  registerDetail(app, cityResource);
  registerToggle(app, cityResource);
  registerDelete(app, cityResource);
}
