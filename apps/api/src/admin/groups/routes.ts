import { errorBodySchema, messageBodySchema } from '@roam/contract/errors';
import { MESSAGES } from '@roam/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groups } from '../../db/schema';
import { moduleOf, transitionResource } from '../core/resource';
import { groupResource } from './resource';

const deleteQuerySchema = z.object({
  statusId: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100),
});

/** A group's own route beside the factory's list and toggle: DELETE /group/delete?statusId (SPEC §7). */
export async function groupRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.delete(
    '/group/delete',
    {
      config: { permission: { module: moduleOf(groupResource), action: 'delete' } },
      schema: {
        tags: [groupResource.area],
        security: [{ bearer: [] }],
        querystring: deleteQuerySchema,
        response: {
          200: messageBodySchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      await transitionResource(app.db, groupResource, {
        id: request.query.statusId,
        by: groups.statusId,
        to: 'DELETED',
        actorId: request.caller!.id,
      });
      return { message: MESSAGES.groupDeleted };
    },
  );
}
