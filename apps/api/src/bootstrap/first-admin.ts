import { and, eq, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { type Config, DEMO_ADMIN } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { recordAudit } from '../lib/audit';

export type FirstAdmin = { email: string; password: string | null; isCreated: boolean };

/**
 * Makes sure an active admin exists (DESIGN §3): ADMIN_EMAIL / ADMIN_PASSWORD when set, else the
 * documented demo credentials outside production. In production with neither, nothing is created.
 */
export async function ensureFirstAdmin(db: Database, config: Config): Promise<FirstAdmin | null> {
  const [existing] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'ACTIVE')))
    .limit(1);
  const credentials =
    config.adminEmail && config.adminPassword
      ? { email: config.adminEmail, password: config.adminPassword }
      : config.nodeEnv === 'production'
        ? null
        : DEMO_ADMIN;
  if (existing) {
    // The demo password is shown only while it is still the password (not once it was changed).
    const isDemo =
      credentials === DEMO_ADMIN &&
      existing.email === DEMO_ADMIN.email &&
      (await verifyPassword(existing.passwordHash, DEMO_ADMIN.password));
    return { email: existing.email, password: isDemo ? DEMO_ADMIN.password : null, isCreated: false };
  }
  if (!credentials) return null;
  const passwordHash = await hashPassword(credentials.password);
  const email = credentials.email.toLowerCase();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    const values = { role: 'admin', status: 'ACTIVE' as const, passwordHash, updatedAt: new Date() };
    const [admin] = current
      ? await tx.update(users).set(values).where(eq(users.id, current.id)).returning({ id: users.id })
      : await tx
          .insert(users)
          .values({
            ...values,
            email,
            userId: `ADMIN-${crypto.randomUUID().slice(0, 8)}`,
            username: 'admin',
            fullname: 'Roam',
            lastname: 'Admin',
          })
          .returning({ id: users.id });
    await recordAudit(tx, {
      actorId: null,
      action: 'admin.bootstrap',
      entity: 'users',
      entityId: admin!.id,
      after: { email },
    });
  });
  return { email, password: credentials.password, isCreated: true };
}
