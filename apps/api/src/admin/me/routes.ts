import { adminMeSchema, adminMeUpdateFieldsSchema } from '@roam/contract/entities';
import { errorBodySchema, messageBodySchema } from '@roam/contract/errors';
import { MESSAGES } from '@roam/contract/messages';
import { fullPermissions, isAdminRole } from '@roam/contract/permissions';
import { AVATAR_MIME_TYPES } from '@roam/contract/validation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { removeImage } from '../../lib/uploads';
import { parseInput, readMultipartForm } from '../core/forms';
import { adminRoute } from '../core/route-options';
import { readOwnAccount, updateOwnProfile } from './repository';

/** The signed-in admin's own account: GET and PUT /admin/me (DESIGN §4). */
export async function meRoutes(app: FastifyInstance, options: { uploadsDir: string }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Open to an account that must still set up two-factor sign-in: the panel reads it to send it there.
  const me = adminRoute('admin', 'self', { response: { 200: adminMeSchema } });
  routes.get('/me', { ...me, config: { ...me.config, isOpenBeforeMfa: true } }, async (request) => {
    const caller = request.caller!;
    const account = await readOwnAccount(app.db, caller.id);
    if (!account) throw notFound('Admin');
    const { user, counts } = account;
    if (!isAdminRole(user.role)) throw forbidden(MESSAGES.notAdmin);
    return {
      profile: {
        userID: user.userId,
        username: user.username,
        fullname: user.fullname,
        lastname: user.lastname,
        email: user.email,
        homeLocation: user.homeLocation,
        profileURL: user.profileUrl ? [user.profileUrl] : [],
        createdAt: user.createdAt.toISOString(),
      },
      role_type: user.role,
      status: user.status,
      permissions: user.role === 'admin' ? fullPermissions() : caller.permissions,
      counts,
      mfa: caller.mfa,
    };
  });

  routes.put(
    '/me',
    adminRoute('admin', 'self', {
      consumes: ['multipart/form-data'],
      response: { 200: messageBodySchema, 413: errorBodySchema, 415: errorBodySchema },
    }),
    async (request) => {
      const caller = request.caller!;
      const { fields, images } = await readMultipartForm(request, {
        uploadsDir: options.uploadsDir,
        field: 'file',
        max: 1,
        accepted: AVATAR_MIME_TYPES,
        maxWidth: 512,
      });
      const [avatarUrl] = images;
      try {
        const input = parseInput(adminMeUpdateFieldsSchema, fields);
        if (input.userID !== undefined && input.userID !== caller.userID) {
          throw badRequest('userID: does not match the signed-in admin');
        }
        await updateOwnProfile(app.db, caller.id, {
          username: input.username,
          fullname: input.fullname,
          lastname: input.lastname ?? '',
          ...(input.homeLocation !== undefined ? { homeLocation: input.homeLocation } : {}),
          ...(avatarUrl ? { profileUrl: avatarUrl } : {}),
        });
      } catch (error) {
        if (avatarUrl) await removeImage(options.uploadsDir, avatarUrl);
        throw error;
      }
      return { message: MESSAGES.editedSuccessfully };
    },
  );
}
