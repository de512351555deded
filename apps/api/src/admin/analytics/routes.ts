import {
  activeUsersAnswerSchema,
  activeUsersQuerySchema,
  addDays,
  DEFAULT_MAP_DAYS,
  graphAnswerSchema,
  graphQuerySchema,
  resolveGraphWindow,
  todayOf,
} from '@roam/contract/analytics';
import { analyticsCountsSchema } from '@roam/contract/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/http-error';
import { adminRoute } from '../core/route-options';
import {
  readActiveUsersByCountry,
  readActiveUsersGraph,
  readGroupsCreatedGraph,
  readLiveCounts,
} from './repository';

const ANALYTICS = { module: 'analytics', action: 'read' } as const;

/**
 * Analytics (SPEC §3, §7; DESIGN §8): the counters, the active-users map and the two graphs.
 * Every admin and sub-admin may read them, whatever their modules. Each answer reads rollups
 * kept on write, never the raw activity.
 */
export async function analyticsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/analytics/allcount',
    adminRoute('analytics', ANALYTICS, { response: { 200: analyticsCountsSchema } }),
    async () => readLiveCounts(app.db),
  );

  routes.get(
    '/analytics/users',
    adminRoute('analytics', ANALYTICS, {
      querystring: activeUsersQuerySchema,
      response: { 200: activeUsersAnswerSchema },
    }),
    async (request) => {
      const today = todayOf();
      const { from_date: from = addDays(today, -(DEFAULT_MAP_DAYS - 1)), to_date: to } = request.query;
      if (from > today) throw badRequest('from_date: must not be in the future');
      if (to !== undefined && to < today) {
        throw badRequest('to_date: the map counts users active up to today; leave it out or give today');
      }
      return { activeusers: await readActiveUsersByCountry(app.db, from) };
    },
  );

  routes.get(
    '/analytics/graph/users',
    adminRoute('analytics', ANALYTICS, {
      querystring: graphQuerySchema,
      response: { 200: graphAnswerSchema },
    }),
    async (request) => ({ graph: await readActiveUsersGraph(app.db, resolveGraphWindow(request.query)) }),
  );

  routes.get(
    '/analytics/graph/groups',
    adminRoute('analytics', ANALYTICS, {
      querystring: graphQuerySchema,
      response: { 200: graphAnswerSchema },
    }),
    async (request) => ({ graph: await readGroupsCreatedGraph(app.db, resolveGraphWindow(request.query)) }),
  );
}
