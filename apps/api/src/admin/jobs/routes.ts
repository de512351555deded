import type { FastifyInstance } from 'fastify';
import {
  registerApplications,
  registerDelete,
  registerDetail,
  registerList,
  registerReviews,
  registerToggle,
} from '../core/routes';
import { jobApplicationList, jobResource } from './resource';

/** Jobs (SPEC §7): list, detail, reviews, applications, toggle and delete. */
export async function jobRoutes(app: FastifyInstance) {
  registerList(app, jobResource);
  registerDetail(app, jobResource);
  registerReviews(app, jobResource, 'job');
  registerApplications(app, jobResource, jobApplicationList);
  registerToggle(app, jobResource);
  registerDelete(app, jobResource);
}
