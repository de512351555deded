import { AREAS } from '@roam/contract/areas';
import { profileDataQuerySchema, profileDataResponseSchema } from '@roam/contract/details';
import { messageBodySchema } from '@roam/contract/errors';
import { userUpdateFieldsSchema } from '@roam/contract/forms';
import { MESSAGES } from '@roam/contract/messages';
import {
  fullPermissions,
  grantRefusal,
  type Permissions,
  permissionsInputSchema,
  roleTypeSchema,
  withImpliedPermissions,
} from '@roam/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden } from '../../lib/http-error';
import { parseInput, readMultipartForm } from '../core/forms';
import { adminRoute, routeOf } from '../core/route-options';
import { registerList } from '../core/routes';
import {
  activateAccount,
  deleteAccount,
  grantAdminRole,
  inactivateAccount,
  removeAdminRole,
  updateAccount,
} from './accounts';
import { type ProfileLists, readProfileData } from './profile';
import { userResource } from './resource';

/** `uid`: the user's `_id` or `userID`. */
const uidQuerySchema = z.object({
  uid: z.string({ message: 'is required' }).trim().min(1, 'is required').max(100),
});
const addRoleQuerySchema = uidQuerySchema.extend({ role_type: roleTypeSchema });
const addRoleBodySchema = z.object({ permissions: permissionsInputSchema.optional() }).nullish();

const area = userResource.area;
const read = { module: AREAS.users.module, action: 'read' } as const;
const write = { module: AREAS.users.module, action: 'write' } as const;
const remove = { module: AREAS.users.module, action: 'delete' } as const;
const { calls } = AREAS.users;
const byUid = { querystring: uidQuerySchema, response: { 200: messageBodySchema } };

/**
 * The users' own routes beside the factory's list (SPEC §7): a user's profile data (read), and
 * activate, inactivate, grant and remove the admin role, delete. Each write needs userManagement
 * write (delete: delete), DESIGN §5.5 and §7. `profileLists` are the declarations of the areas the
 * profile previews, handed in by the app so that no area imports another.
 */
export async function userRoutes(app: FastifyInstance, options: { profileLists: ProfileLists }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  registerList(app, userResource);

  routes.route({
    ...routeOf(calls.profile),
    ...adminRoute(area, read, {
      querystring: profileDataQuerySchema,
      response: { 200: profileDataResponseSchema },
    }),
    handler: async (request) =>
      readProfileData(app.db, options.profileLists, request.query.uid ?? request.caller!.id),
  });

  routes.route({
    ...routeOf(calls.update),
    ...adminRoute(area, write, {
      consumes: ['multipart/form-data'],
      querystring: uidQuerySchema,
      body: userUpdateFieldsSchema,
      response: { 200: messageBodySchema },
    }),
    attachValidation: true,
    handler: async (request) => {
      const query = parseInput(uidQuerySchema, request.query);
      const { fields } = await readMultipartForm(request);
      const changed = await updateAccount(app.db, {
        uid: query.uid,
        actor: request.caller!,
        fields: parseInput(userUpdateFieldsSchema, fields),
      });
      if (changed) app.realtime.changed({ area, ids: [query.uid], action: 'update' });
      return { message: changed ? MESSAGES.editedSuccessfully : MESSAGES.noChanges };
    },
  });

  routes.route({
    ...routeOf(calls.enable),
    ...adminRoute(area, write, byUid),
    handler: async (request) => {
      await activateAccount(app.db, { uid: request.query.uid, actor: request.caller! });
      app.realtime.changed({ area, ids: [request.query.uid], action: 'toggle' });
      return { message: MESSAGES.userActivated };
    },
  });

  routes.route({
    ...routeOf(calls.disable),
    ...adminRoute(area, write, byUid),
    handler: async (request) => {
      await inactivateAccount(app.db, app.sessions, { uid: request.query.uid, actor: request.caller! });
      app.realtime.changed({ area, ids: [request.query.uid], action: 'toggle' });
      return { message: MESSAGES.userDeactivated };
    },
  });

  routes.route({
    ...routeOf(calls.addRole),
    ...adminRoute(area, write, {
      querystring: addRoleQuerySchema,
      body: addRoleBodySchema,
      response: { 200: messageBodySchema },
    }),
    handler: async (request) => {
      const actor = request.caller!;
      const roleType = request.query.role_type;
      let permissions: Permissions = fullPermissions();
      if (roleType === 'sub-admin') {
        const requested = request.body?.permissions;
        if (!requested) throw badRequest('permissions: is required for a sub-admin');
        permissions = withImpliedPermissions(requested);
      }
      const refusal = grantRefusal(actor, roleType, permissions);
      if (refusal) throw forbidden(refusal);
      await grantAdminRole(app.db, { uid: request.query.uid, actor, roleType, permissions });
      app.realtime.changed({ area, ids: [request.query.uid], action: 'role' });
      return { message: MESSAGES.userAddedAsAdmin };
    },
  });

  routes.route({
    ...routeOf(calls.removeRole),
    ...adminRoute(area, write, byUid),
    handler: async (request) => {
      await removeAdminRole(app.db, app.sessions, { uid: request.query.uid, actor: request.caller! });
      app.realtime.changed({ area, ids: [request.query.uid], action: 'role' });
      return { message: MESSAGES.userRemovedAsAdmin };
    },
  });

  routes.route({
    ...routeOf(calls.remove),
    ...adminRoute(area, remove, byUid),
    handler: async (request) => {
      await deleteAccount(app.db, app.sessions, { uid: request.query.uid, actor: request.caller! });
      app.realtime.changed({ area, ids: [request.query.uid], action: 'delete' });
      return { message: MESSAGES.deletedSuccessfully };
    },
  });
}
