import type { Multipart } from '@fastify/multipart';
import { adminMeSchema, adminMeUpdateFieldsSchema } from '@roam/contract/entities';
import { errorBodySchema, messageBodySchema } from '@roam/contract/errors';
import { MESSAGES } from '@roam/contract/messages';
import { fullPermissions, isAdminRole } from '@roam/contract/permissions';
import { AVATAR_MIME_TYPES } from '@roam/contract/validation';
import { and, count, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cafes, friendships, jobs, rentals, shops, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { removeImage, storeImage } from '../../lib/uploads';

const MAX_TEXT_FIELDS = 10;

/** The signed-in admin's own account: GET and PUT /admin/me (DESIGN §4). */
export async function meRoutes(app: FastifyInstance, options: { uploadsDir: string }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const countOwned = async (
    table: typeof cafes | typeof jobs | typeof rentals | typeof shops,
    userId: string,
  ) => {
    const [row] = await app.db
      .select({ n: count() })
      .from(table)
      .where(and(eq(table.userId, userId), ne(table.status, 'DELETED')));
    return row?.n ?? 0;
  };

  routes.get(
    '/me',
    {
      config: { permission: 'self' },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        response: { 200: adminMeSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const [user] = await app.db.select().from(users).where(eq(users.id, caller.id));
      if (!user) throw notFound('Admin');
      if (!isAdminRole(user.role)) throw forbidden(MESSAGES.notAdmin);
      const [friendCount] = await app.db
        .select({ n: count() })
        .from(friendships)
        .where(and(eq(friendships.userId, user.id), eq(friendships.kind, 'friend')));
      const [cafeCount, jobCount, rentalCount, shopCount] = await Promise.all([
        countOwned(cafes, user.id),
        countOwned(jobs, user.id),
        countOwned(rentals, user.id),
        countOwned(shops, user.id),
      ]);
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
        status: user.status as 'ACTIVE',
        permissions: user.role === 'admin' ? fullPermissions() : caller.permissions,
        counts: {
          cafes: cafeCount,
          friends: friendCount?.n ?? 0,
          jobs: jobCount,
          rentals: rentalCount,
          shops: shopCount,
        },
      };
    },
  );

  routes.put(
    '/me',
    {
      config: { permission: 'self' },
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: messageBodySchema,
          400: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('body: expected multipart/form-data');
      const caller = request.caller!;
      const fields: Record<string, string> = {};
      let avatarUrl: string | null = null;
      try {
        for await (const part of request.parts({
          limits: { fields: MAX_TEXT_FIELDS, files: 1 },
        }) as AsyncIterable<Multipart>) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') throw badRequest(`${part.fieldname}: unexpected file field`);
            avatarUrl = await storeImage(options.uploadsDir, part, AVATAR_MIME_TYPES, { maxWidth: 512 });
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
        const parsed = adminMeUpdateFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw badRequest(`${issue.path.join('.') || 'body'}: ${issue.message}`);
        }
        const input = parsed.data;
        if (input.userID !== undefined && input.userID !== caller.userID) {
          throw badRequest('userID: does not match the signed-in admin');
        }
        await app.db.transaction(async (tx) => {
          const [before] = await tx.select().from(users).where(eq(users.id, caller.id));
          const changes = {
            username: input.username,
            fullname: input.fullname,
            lastname: input.lastname ?? '',
            ...(input.homeLocation !== undefined ? { homeLocation: input.homeLocation } : {}),
            ...(avatarUrl ? { profileUrl: avatarUrl } : {}),
            updatedAt: new Date(),
          };
          await tx.update(users).set(changes).where(eq(users.id, caller.id));
          await recordAudit(tx, {
            actorId: caller.id,
            action: 'profile.update',
            entity: 'users',
            entityId: caller.id,
            before: before && {
              username: before.username,
              fullname: before.fullname,
              lastname: before.lastname,
              homeLocation: before.homeLocation,
              profileUrl: before.profileUrl,
            },
            after: changes,
          });
        });
      } catch (error) {
        if (avatarUrl) await removeImage(options.uploadsDir, avatarUrl);
        throw error;
      }
      return { message: MESSAGES.editedSuccessfully };
    },
  );
}
