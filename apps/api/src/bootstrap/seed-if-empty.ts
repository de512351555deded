import path from 'node:path';
import { count } from 'drizzle-orm';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { seedDemo } from '../db/seed/demo';

/** On first start (no users at all) fills the database with demo data unless SEED=none. */
export async function seedIfEmpty(
  database: DatabaseHandle,
  config: Config,
  log: (message: string) => void,
): Promise<void> {
  if (config.seedUsers === 0) return;
  const [row] = await database.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return;
  log(`seeding demo data (${config.seedUsers} users)`);
  const started = Date.now();
  await seedDemo(database.db, {
    users: config.seedUsers,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    // PostgreSQL takes parallel batches through its pool; PGlite has one connection.
    concurrency: database.kind === 'postgres' ? 6 : 1,
    onProgress: log,
  });
  log(`demo data ready in ${Date.now() - started} ms`);
}
