import { messageBodySchema } from '@roam/contract/errors';
import { mfaPolicySchema } from '@roam/contract/mfa';
import { isAdminRole } from '@roam/contract/permissions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Mfa } from '../../auth/mfa';
import { users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/http-error';
import { adminRoute } from '../core/route-options';

/**
 * Sign-in security (DESIGN §8): which roles must use two-factor sign-in (admins only, audited), and
 * resetting another admin's two-factor sign-in when they lost their device (userManagement write,
 * audited; their sessions end).
 */
export async function securityRoutes(app: FastifyInstance, options: { mfa: Mfa }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { mfa } = options;

  routes.get(
    '/security/mfa-policy',
    adminRoute('admin', 'admins', { response: { 200: mfaPolicySchema } }),
    async () => mfa.readPolicy(),
  );

  routes.put(
    '/security/mfa-policy',
    adminRoute('admin', 'admins', {
      body: mfaPolicySchema,
      response: { 200: messageBodySchema.extend({ policy: mfaPolicySchema }) },
    }),
    async (request) => {
      const before = await mfa.readPolicy();
      await app.db.transaction(async (tx) => {
        await mfa.writePolicy(tx, request.body);
        await recordAudit(tx, {
          actorId: request.caller!.id,
          action: 'mfa.policy',
          entity: 'security',
          entityId: 'mfa-policy',
          before,
          after: request.body,
        });
      });
      return { message: 'Two-factor sign-in requirement saved', policy: request.body };
    },
  );

  routes.post(
    '/users/mfa/reset',
    adminRoute(
      'users',
      { module: 'userManagement', action: 'write' },
      {
        querystring: z.object({ uid: z.string().uuid('must be a user id') }),
        response: { 200: messageBodySchema },
      },
    ),
    async (request) => {
      const { uid } = request.query;
      const caller = request.caller!;
      if (uid === caller.id) throw badRequest('uid: turn your own two-factor sign-in off on My Account');
      const [target] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, uid));
      if (!target || !isAdminRole(target.role)) throw notFound('Admin');
      const isReset = await app.db.transaction(async (tx) => {
        if (!(await mfa.remove(tx, uid))) return false;
        await app.sessions.endAllSessions(tx, uid);
        await recordAudit(tx, { actorId: caller.id, action: 'mfa.reset', entity: 'users', entityId: uid });
        return true;
      });
      if (!isReset) throw notFound('Two-factor sign-in of this admin');
      return { message: 'Two-factor sign-in reset: they set it up again at their next sign-in' };
    },
  );
}
