import type { FastifyInstance } from 'fastify';
import { registerList, registerToggle } from '../core/routes';
import { contactResource } from './resource';

/** Contact requests (SPEC §7): list, and the toggle at /contactus that also deletes (`?status=DELETED`). */
export async function contactRoutes(app: FastifyInstance) {
  registerList(app, contactResource);
  registerToggle(app, contactResource);
}
