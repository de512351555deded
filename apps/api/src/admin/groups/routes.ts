import {
  groupDetailQuerySchema,
  groupDetailResponseSchema,
  removeMemberBodySchema,
} from '@roam/contract/details';
import { errorBodySchema, messageBodySchema } from '@roam/contract/errors';
import { MESSAGES } from '@roam/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groups } from '../../db/schema';
import { moduleOf, transitionResource } from '../core/resource';
import { readGroupDetail, removeMember } from './members';
import { groupResource } from './resource';

const deleteQuerySchema = z.object({
  statusId: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100),
});

const groupKeyParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * A group's own routes beside the factory's list and toggle (SPEC §7): the group with its members
 * (GET /group/:id, by statusID or _id), removing a member, and DELETE /group/delete?statusId.
 */
export async function groupRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const module = moduleOf(groupResource);
  const tags = [groupResource.area];

  routes.get(
    '/group/:id',
    {
      config: { permission: { module, action: 'read' } },
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: groupKeyParamsSchema,
        querystring: groupDetailQuerySchema,
        response: { 200: groupDetailResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => readGroupDetail(app.db, request.params.id, request.query),
  );

  routes.post(
    '/group/remove/members',
    {
      config: { permission: { module, action: 'write' } },
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: removeMemberBodySchema,
        response: {
          200: messageBodySchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      await removeMember(app.db, {
        groupKey: request.body.statusID,
        userKey: request.body.userID,
        actorId: request.caller!.id,
      });
      return { message: MESSAGES.memberRemoved };
    },
  );

  routes.delete(
    '/group/delete',
    {
      config: { permission: { module, action: 'delete' } },
      schema: {
        tags,
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
