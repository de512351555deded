import { analyticsCountsSchema } from '@roam/contract/entities';
import { errorBodySchema } from '@roam/contract/errors';
import { getTableName, ne, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cafes, cities, groups, jobs, rentals, shops, statusCounts, users } from '../../db/schema';

/**
 * Analytics counters (SPEC §3): records that are not deleted, from the counts kept on write
 * (status_counts), so the dashboard never counts a large table.
 */
export async function analyticsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/analytics/allcount',
    {
      config: { permission: { module: 'analytics', action: 'read' } },
      schema: {
        tags: ['analytics'],
        security: [{ bearer: [] }],
        response: { 200: analyticsCountsSchema, 401: errorBodySchema },
      },
    },
    async () => {
      const rows = await app.db
        .select({ entity: statusCounts.entity, n: sum(statusCounts.n).mapWith(Number) })
        .from(statusCounts)
        .where(ne(statusCounts.status, 'DELETED'))
        .groupBy(statusCounts.entity);
      const live = (table: Parameters<typeof getTableName>[0]) =>
        rows.find((row) => row.entity === getTableName(table))?.n ?? 0;
      return {
        usercount: live(users),
        shopcount: live(shops),
        rentalscount: live(rentals),
        jobscount: live(jobs),
        groupcount: live(groups),
        citycount: live(cities),
        cafecount: live(cafes),
      };
    },
  );
}
