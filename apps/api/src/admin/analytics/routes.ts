import { analyticsCountsSchema } from '@roam/contract/entities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminRoute } from '../core/route-options';
import { readLiveCounts } from './repository';

/** Analytics counters (SPEC §3): every admin and sub-admin may read them. */
export async function analyticsRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/analytics/allcount',
      adminRoute(
        'analytics',
        { module: 'analytics', action: 'read' },
        { response: { 200: analyticsCountsSchema } },
      ),
      async () => readLiveCounts(app.db),
    );
}
