import type { FastifyInstance } from 'fastify';
import { registerList, registerToggle } from '../core/routes';
import { issueResource } from './resource';

/** Reported issues (SPEC §7): list, and the toggle that also deletes (`?status=DELETED`). */
export async function issueRoutes(app: FastifyInstance) {
  registerList(app, issueResource);
  registerToggle(app, issueResource);
}
