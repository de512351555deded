import type { FastifyInstance } from 'fastify';
import { registerCreate, registerEdit } from '../core/forms';
import { registerDelete, registerDetail, registerList, registerToggle } from '../core/routes';
import { exploreForm } from './form';
import { exploreResource } from './resource';

/** Things to do (SPEC §7): list, detail, create, edit, toggle and delete. */
export async function exploreRoutes(app: FastifyInstance, options: { uploadsDir: string }) {
  registerList(app, exploreResource);
  registerDetail(app, exploreResource);
  registerCreate(app, exploreForm, options);
  registerEdit(app, exploreForm, options);
  registerToggle(app, exploreResource);
  registerDelete(app, exploreResource);
}
