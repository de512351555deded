import type { FastifyInstance } from 'fastify';
import { registerCreate, registerEdit } from '../core/forms';
import { registerDelete, registerDetail, registerList, registerToggle } from '../core/routes';
import { cityForm } from './form';
import { cityResource } from './resource';

/** Cities (SPEC §7): list, detail, create, edit, toggle and delete. */
export async function cityRoutes(app: FastifyInstance, options: { uploadsDir: string }) {
  registerList(app, cityResource);
  registerDetail(app, cityResource);
  registerCreate(app, cityForm, options);
  registerEdit(app, cityForm, options);
  registerToggle(app, cityResource);
  registerDelete(app, cityResource);
}
