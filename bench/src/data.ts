import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { seedDemo } from '../../apps/api/src/db/seed/demo';
import { type Engine, log } from './shared';

/**
 * The bench's own data sets, apart from the app's `./data`: a PostgreSQL database per size on the
 * server of DATABASE_URL, and a PGlite folder per size under bench/data. Seeding a million users
 * takes minutes, so a data set is reused while its marker (a database comment, or a file beside
 * PGlite) says it was seeded completely with the same size and seed and the user count still agrees.
 */

export const BENCH_DATA_DIR = path.resolve(import.meta.dirname, '../data');
const SEED = 1;
const MARKER_FILE = 'bench-seed.json';
const DAY_MS = 86_400_000;

/** What a data set was seeded with: its size, its seed and the "now" its dates run up to. */
export type SeedMarker = { users: number; seed: number; now: string; seededInSeconds: number };

export type Dataset = {
  engine: Engine;
  users: number;
  /** DATA_DIR of the server on this data set (signing keys, uploads; PGlite's files). */
  dataDir: string;
  /** PostgreSQL only: the bench database's URL. */
  databaseUrl?: string;
  marker: SeedMarker;
  /** Whether this run seeded it (else it was reused). */
  isSeededNow: boolean;
};

/** The day the data set's dates end on: today at midnight UTC. */
function seedNow(): Date {
  return new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
}

function parseMarker(text: string | null | undefined): SeedMarker | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<SeedMarker>;
    return typeof value.users === 'number' && typeof value.now === 'string'
      ? (value as SeedMarker)
      : undefined;
  } catch {
    return undefined;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function seedInto(options: {
  databaseUrl?: string;
  dataDir: string;
  users: number;
}): Promise<SeedMarker> {
  const now = seedNow();
  const started = performance.now();
  const handle = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    await seedDemo(handle.db, {
      users: options.users,
      seed: SEED,
      now,
      uploadsDir: path.join(options.dataDir, 'uploads'),
      concurrency: handle.kind === 'postgres' ? 6 : 1,
      onProgress: (message) => {
        if (!message.startsWith(' ')) log(`    seed: ${message}`);
      },
    });
  } finally {
    await handle.close();
  }
  return {
    users: options.users,
    seed: SEED,
    now: now.toISOString(),
    seededInSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

async function countUsers(client: { query: (text: string) => Promise<{ rows: unknown[] }> }) {
  const { rows } = await client.query("select count(*)::int as n from users where role = 'user'");
  return (rows[0] as { n: number }).n;
}

/** A database `roam_bench_<users>` on the server of `serverUrl`, seeded once and reused. */
export async function ensurePostgresDataset(options: {
  serverUrl: string;
  users: number;
  reseed: boolean;
}): Promise<Dataset> {
  const name = `roam_bench_${options.users}`;
  const databaseUrl = withDatabase(options.serverUrl, name);
  const dataDir = path.join(BENCH_DATA_DIR, `postgres-${options.users}`);
  const admin = new pg.Client({ connectionString: options.serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
      [name],
    );
    const exists = rows.length > 0;
    const marker = parseMarker(rows[0]?.comment);
    if (!options.reseed && marker && marker.users === options.users && marker.seed === SEED) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const count = await countUsers(client).finally(() => client.end());
      if (count === options.users && existsSync(path.join(dataDir, 'uploads'))) {
        log(`  PostgreSQL: reusing database ${name} (${count.toLocaleString('en')} users)`);
        return { engine: 'postgres', users: options.users, dataDir, databaseUrl, marker, isSeededNow: false };
      }
    }
    if (exists) await admin.query(`drop database ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  log(
    `  PostgreSQL: seeding ${options.users.toLocaleString('en')} users into ${name} (minutes at a million)`,
  );
  const marker = await seedInto({ databaseUrl, dataDir, users: options.users });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A long-lived database has been vacuumed by autovacuum; do it now so the run does not race it.
    await client.query('vacuum analyze');
    await client.query(`comment on database ${name} is ${pg.escapeLiteral(JSON.stringify(marker))}`);
  } finally {
    await client.end();
  }
  log(`  PostgreSQL: seeded in ${marker.seededInSeconds} s`);
  return { engine: 'postgres', users: options.users, dataDir, databaseUrl, marker, isSeededNow: true };
}

/**
 * A PGlite folder `bench/data/pglite-<users>`, seeded once and reused. It is left as the app's
 * own seed leaves it (analysed, never vacuumed): that is what an embedded installation runs on.
 */
export async function ensurePgliteDataset(options: { users: number; reseed: boolean }): Promise<Dataset> {
  const dataDir = path.join(BENCH_DATA_DIR, `pglite-${options.users}`);
  const markerPath = path.join(dataDir, MARKER_FILE);
  const marker = existsSync(markerPath) ? parseMarker(readFileSync(markerPath, 'utf8')) : undefined;
  if (!options.reseed && marker && marker.users === options.users && marker.seed === SEED) {
    log(
      `  PGlite: reusing ${path.relative(process.cwd(), dataDir)} (${options.users.toLocaleString('en')} users)`,
    );
    return { engine: 'pglite', users: options.users, dataDir, marker, isSeededNow: false };
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  log(
    `  PGlite: seeding ${options.users.toLocaleString('en')} users into ${path.relative(process.cwd(), dataDir)}`,
  );
  const seeded = await seedInto({ dataDir, users: options.users });
  writeFileSync(markerPath, `${JSON.stringify(seeded)}\n`);
  log(`  PGlite: seeded in ${seeded.seededInSeconds} s`);
  return { engine: 'pglite', users: options.users, dataDir, marker: seeded, isSeededNow: true };
}
