import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code sees, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** True when the database answers a trivial query. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

const MIGRATION_LOCK_KEY = 7_277_001;

/**
 * Opens the database: PostgreSQL when a URL is given, else PGlite persisted in `dataDir`
 * (or in memory when dataDir is 'memory://'). Migrations run first, in a transaction.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  try {
    // Many API processes may start at once: one migrates, the others wait for it.
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(migrator, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    // A prepared statement is planned as PostgreSQL's plan cache chooses (db/row-reader.ts): the
    // lookups by key that every request makes (the caller, the kept counts) once per connection,
    // after five calls (planning them cost more than running them), and the page of a list under
    // status and dates alone. A searched list's page and counts are sent unnamed and planned for
    // each call's values. plan-cache.test.ts checks both.
  });
  // A dropped connection must not crash the process; the pool replaces it and requests get 503.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // One process per folder: a second one on it would corrupt the database.
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? dataDir : path.join(dataDir, 'pglite'), {
      extensions: { pg_trgm },
    });
  } catch (error) {
    release();
    throw error;
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      release();
    }
  };
  const pgliteDb = drizzlePglite(client, { schema });
  try {
    await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close,
  };
}
