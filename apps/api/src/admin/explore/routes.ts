import type { FastifyInstance } from 'fastify';
import { registerDelete, registerDetail, registerList, registerToggle } from '../core/routes';
import { exploreResource } from './resource';

/** Things to do (SPEC §7): list, detail, toggle and delete. */
export async function exploreRoutes(app: FastifyInstance) {
  registerList(app, exploreResource);
  registerDetail(app, exploreResource);
  registerToggle(app, exploreResource);
  registerDelete(app, exploreResource);
}
