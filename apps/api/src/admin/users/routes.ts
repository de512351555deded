import { AREAS } from '@roam/contract/areas';
import { profileDataQuerySchema, profileDataResponseSchema } from '@roam/contract/details';
import { messageBodySchema } from '@roam/contract/errors';
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
import { adminRoute } from '../core/route-options';
import { registerList } from '../core/routes';
import {
  activateAccount,
  deleteAccount,
  grantAdminRole,
  inactivateAccount,
  removeAdminRole,
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

  routes.get(
    '/users/profile/data',
    adminRoute(area, read, {
      querystring: profileDataQuerySchema,
      response: { 200: profileDataResponseSchema },
    }),
    async (request) => readProfileData(app.db, options.profileLists, request.query.uid ?? request.caller!.id),
  );

  routes.put('/users/enable', adminRoute(area, write, byUid), async (request) => {
    await activateAccount(app.db, { uid: request.query.uid, actor: request.caller! });
    return { message: MESSAGES.userActivated };
  });

  routes.post('/users/disable', adminRoute(area, write, byUid), async (request) => {
    await inactivateAccount(app.db, app.sessions, { uid: request.query.uid, actor: request.caller! });
    return { message: MESSAGES.userDeactivated };
  });

  routes.post(
    '/users/addrole',
    adminRoute(area, write, {
      querystring: addRoleQuerySchema,
      body: addRoleBodySchema,
      response: { 200: messageBodySchema },
    }),
    async (request) => {
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
      return { message: MESSAGES.userAddedAsAdmin };
    },
  );

  routes.post('/users/disablerole', adminRoute(area, write, byUid), async (request) => {
    await removeAdminRole(app.db, app.sessions, { uid: request.query.uid, actor: request.caller! });
    return { message: MESSAGES.userRemovedAsAdmin };
  });

  routes.delete('/users/deleteuser', adminRoute(area, remove, byUid), async (request) => {
    await deleteAccount(app.db, app.sessions, { uid: request.query.uid, actor: request.caller! });
    return { message: MESSAGES.deletedSuccessfully };
  });
}
