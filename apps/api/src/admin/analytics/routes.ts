import { analyticsCountsSchema } from '@roam/contract/entities';
import { errorBodySchema } from '@roam/contract/errors';
import { count, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cafes, cities, groups, jobs, rentals, shops, users } from '../../db/schema';

/** Analytics counters (SPEC §3): records that are not deleted. */
export async function analyticsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const countLive = async (
    table: typeof users | typeof shops | typeof rentals | typeof jobs | typeof cities | typeof cafes,
  ) => {
    const [row] = await app.db.select({ n: count() }).from(table).where(ne(table.status, 'DELETED'));
    return row?.n ?? 0;
  };

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
      const [usercount, shopcount, rentalscount, jobscount, citycount, cafecount, groupRow] =
        await Promise.all([
          countLive(users),
          countLive(shops),
          countLive(rentals),
          countLive(jobs),
          countLive(cities),
          countLive(cafes),
          app.db.select({ n: count() }).from(groups).where(eq(groups.deleted, false)),
        ]);
      return {
        usercount,
        shopcount,
        rentalscount,
        jobscount,
        groupcount: groupRow[0]?.n ?? 0,
        citycount,
        cafecount,
      };
    },
  );
}
