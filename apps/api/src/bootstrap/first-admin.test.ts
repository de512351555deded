import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { DEMO_ADMIN, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { openTestDatabase } from '../test-support/database';
import { ensureFirstAdmin } from './first-admin';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('the first admin', () => {
  it('creates the demo admin, shows its password while it is the password, and not once it was changed', async () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/unused', SEED: 'none' });
    expect(await ensureFirstAdmin(database.db, config)).toEqual({
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
      isCreated: true,
    });
    expect((await ensureFirstAdmin(database.db, config))?.password).toBe(DEMO_ADMIN.password);

    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword('Changed@2026') })
      .where(eq(users.email, DEMO_ADMIN.email));
    expect(await ensureFirstAdmin(database.db, config)).toEqual({
      email: DEMO_ADMIN.email,
      password: null,
      isCreated: false,
    });
  });
});
