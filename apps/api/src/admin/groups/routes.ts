import { AREAS } from '@roam/contract/areas';
import {
  groupDetailQuerySchema,
  groupDetailResponseSchema,
  removeMemberBodySchema,
} from '@roam/contract/details';
import { messageBodySchema } from '@roam/contract/errors';
import { MESSAGES } from '@roam/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groups } from '../../db/schema';
import { transitionResource } from '../core/resource';
import { adminRoute, routeOf } from '../core/route-options';
import { registerList, registerToggle } from '../core/routes';
import { readGroupDetail, removeMember } from './members';
import { groupResource } from './resource';

const { module, status, calls } = AREAS.groups;
const { remove } = status;

const deleteQuerySchema = z.object({
  [remove.param]: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100),
});

const groupKeyParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * Groups (SPEC §7): the list and toggle (markas=1|0), the group with its members (GET /group/:id,
 * by statusID or _id), removing a member, and DELETE /group/delete?statusId.
 */
export async function groupRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const area = groupResource.area;
  registerList(app, groupResource);
  registerToggle(app, groupResource);

  routes.route({
    ...routeOf(calls.detail),
    ...adminRoute(
      area,
      { module, action: 'read' },
      {
        params: groupKeyParamsSchema,
        querystring: groupDetailQuerySchema,
        response: { 200: groupDetailResponseSchema },
      },
    ),
    handler: async (request) => readGroupDetail(app.db, request.params.id, request.query),
  });

  routes.route({
    ...routeOf(calls.removeMember),
    ...adminRoute(
      area,
      { module, action: 'write' },
      {
        body: removeMemberBodySchema,
        response: { 200: messageBodySchema },
      },
    ),
    handler: async (request) => {
      await removeMember(app.db, {
        groupKey: request.body.statusID,
        userKey: request.body.userID,
        actorId: request.caller!.id,
      });
      app.realtime.changed({ area, ids: [request.body.statusID], action: 'member' });
      return { message: MESSAGES.memberRemoved };
    },
  });

  routes.delete(
    remove.path,
    adminRoute(
      area,
      { module, action: 'delete' },
      {
        querystring: deleteQuerySchema,
        response: { 200: messageBodySchema },
      },
    ),
    async (request) => {
      await transitionResource(app.db, groupResource, {
        id: request.query[remove.param],
        by: groups.statusId,
        to: 'DELETED',
        actorId: request.caller!.id,
      });
      app.realtime.changed({ area, ids: [request.query[remove.param]!], action: 'delete' });
      return { message: MESSAGES.groupDeleted };
    },
  );
}
