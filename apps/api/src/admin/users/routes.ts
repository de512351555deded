import { profileDataQuerySchema, profileDataResponseSchema } from '@roam/contract/details';
import { errorBodySchema, messageBodySchema } from '@roam/contract/errors';
import { MESSAGES } from '@roam/contract/messages';
import {
  fullPermissions,
  isWithinGrant,
  type Permissions,
  permissionsInputSchema,
  roleTypeSchema,
  withImpliedPermissions,
} from '@roam/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden } from '../../lib/http-error';
import { moduleOf } from '../core/resource';
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

const tags = [userResource.area];
const module = moduleOf(userResource);
const security = [{ bearer: [] }];
const responses = {
  200: messageBodySchema,
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * The users' own routes beside the factory's list (SPEC §7): a user's profile data (read), and
 * activate, inactivate, grant and remove the admin role, delete. Each write needs userManagement
 * write (delete: delete), DESIGN §5.5 and §7. `profileLists` are the declarations of the areas the
 * profile previews, handed in by the app so that no area imports another.
 */
export async function userRoutes(app: FastifyInstance, options: { profileLists: ProfileLists }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const write = { permission: { module, action: 'write' } } as const;

  routes.get(
    '/users/profile/data',
    {
      config: { permission: { module, action: 'read' } },
      schema: {
        tags,
        security,
        querystring: profileDataQuerySchema,
        response: { 200: profileDataResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => readProfileData(app.db, options.profileLists, request.query.uid ?? request.caller!.id),
  );

  routes.put(
    '/users/enable',
    { config: write, schema: { tags, security, querystring: uidQuerySchema, response: responses } },
    async (request) => {
      await activateAccount(app.db, { uid: request.query.uid, actor: request.caller! });
      return { message: MESSAGES.userActivated };
    },
  );

  routes.post(
    '/users/disable',
    { config: write, schema: { tags, security, querystring: uidQuerySchema, response: responses } },
    async (request) => {
      await inactivateAccount(app.db, app.sessions, { uid: request.query.uid, actor: request.caller! });
      return { message: MESSAGES.userDeactivated };
    },
  );

  routes.post(
    '/users/addrole',
    {
      config: write,
      schema: {
        tags,
        security,
        querystring: addRoleQuerySchema,
        body: addRoleBodySchema,
        response: responses,
      },
    },
    async (request) => {
      const actor = request.caller!;
      const roleType = request.query.role_type;
      if (roleType === 'admin' && actor.role !== 'admin') throw forbidden('Only an admin may make an admin');
      let permissions: Permissions = fullPermissions();
      if (roleType === 'sub-admin') {
        const requested = request.body?.permissions;
        if (!requested) throw badRequest('permissions: is required for a sub-admin');
        permissions = withImpliedPermissions(requested);
      }
      const grantable = actor.role === 'admin' ? fullPermissions() : actor.permissions;
      if (!isWithinGrant(grantable, permissions)) {
        throw forbidden('You cannot grant permissions you do not have');
      }
      await grantAdminRole(app.db, { uid: request.query.uid, actor, roleType, permissions });
      return { message: MESSAGES.userAddedAsAdmin };
    },
  );

  routes.post(
    '/users/disablerole',
    { config: write, schema: { tags, security, querystring: uidQuerySchema, response: responses } },
    async (request) => {
      await removeAdminRole(app.db, app.sessions, { uid: request.query.uid, actor: request.caller! });
      return { message: MESSAGES.userRemovedAsAdmin };
    },
  );

  routes.delete(
    '/users/deleteuser',
    {
      config: { permission: { module, action: 'delete' } },
      schema: { tags, security, querystring: uidQuerySchema, response: responses },
    },
    async (request) => {
      await deleteAccount(app.db, app.sessions, { uid: request.query.uid, actor: request.caller! });
      return { message: MESSAGES.deletedSuccessfully };
    },
  );
}
