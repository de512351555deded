import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * created on the PostgreSQL server at DATABASE_URL (dropped again by `close`), through a pool of
 * `poolSize` connections (PGlite has one).
 */
export async function openTestDatabase({ poolSize = 5 } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
  const database = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: '', poolSize });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/** A new empty database on the PostgreSQL server at `serverUrl`, and how to drop it again. */
export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `roam_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
