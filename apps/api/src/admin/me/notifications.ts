import { messageBodySchema } from '@roam/contract/errors';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATIONS_SAVED,
  type NotificationSettings,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
} from '@roam/contract/notifications';
import { isAdminRole } from '@roam/contract/permissions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { notificationSettings } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { forbidden } from '../../lib/http-error';
import { assertMfaSettled } from '../../plugins/authentication';
import { adminRoute } from '../core/route-options';

export async function readSettings(db: Database, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row ? { export_ready_email: row.exportReadyEmail } : NOTIFICATION_DEFAULTS;
}

/**
 * The signed-in admin's notification settings (DESIGN §8): GET and POST /notifications/setting,
 * JSON, unknown keys 400, each save audited. Outside /admin (the spec's path), so the route
 * authenticates and checks the admin role itself.
 */
export async function notificationRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request) => {
    const caller = await app.authenticate(request);
    assertMfaSettled(caller);
    if (!isAdminRole(caller.role)) throw forbidden('You are not Admin');
  });

  routes.get(
    '/notifications/setting',
    adminRoute('admin', 'self', { response: { 200: notificationSettingsSchema } }),
    async (request) => readSettings(app.db, request.caller!.id),
  );

  routes.post(
    '/notifications/setting',
    adminRoute('admin', 'self', {
      body: notificationSettingsUpdateSchema,
      response: { 200: messageBodySchema.extend({ settings: notificationSettingsSchema }) },
    }),
    async (request) => {
      const userId = request.caller!.id;
      const settings = await app.db.transaction(async (tx) => {
        const before = await readSettings(tx, userId);
        const after = { ...before, ...request.body };
        await tx
          .insert(notificationSettings)
          .values({ userId, exportReadyEmail: after.export_ready_email, updatedAt: new Date() })
          .onConflictDoUpdate({
            target: notificationSettings.userId,
            set: { exportReadyEmail: after.export_ready_email, updatedAt: new Date() },
          });
        await recordAudit(tx, {
          actorId: userId,
          action: 'update',
          entity: 'notifications',
          entityId: userId,
          before,
          after,
        });
        return after;
      });
      return { message: NOTIFICATIONS_SAVED, settings };
    },
  );
}
