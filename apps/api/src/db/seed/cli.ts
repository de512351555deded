/**
 * `npm run seed -- --users N`: fills an empty database with the demo data set.
 * DATABASE_URL selects PostgreSQL (PGlite under DATA_DIR otherwise); images go to DATA_DIR/uploads.
 */
import path from 'node:path';
import { openDatabase } from '../client';
import { parseSeedArgs, SEED_USAGE, SeedArgsError } from './cli-args';
import { seedDemo } from './demo';

async function main(): Promise<number> {
  let args: ReturnType<typeof parseSeedArgs>;
  try {
    args = parseSeedArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SeedArgsError)) throw error;
    console.error(`${error.message}\n\n${SEED_USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(SEED_USAGE);
    return 0;
  }

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || './data';
  const uploadsDir = path.join(dataDir, 'uploads');
  const started = performance.now();
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    console.log(
      `Seeding ${args.users.toLocaleString('en')} users into ${handle.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${dataDir})`}; images in ${uploadsDir}`,
    );
    const summary = await seedDemo(handle.db, {
      users: args.users,
      seed: args.seed,
      uploadsDir,
      // A pool takes several statements at once; PGlite has one connection (one transaction).
      concurrency: handle.kind === 'postgres' ? 6 : 1,
      onProgress: (message) => console.log(message),
    });
    const entries = Object.entries(summary.rows);
    const width = Math.max(...entries.map(([table]) => table.length));
    console.log('\nRows written:');
    for (const [table, count] of entries)
      console.log(`  ${table.padEnd(width)}  ${count.toLocaleString('en').padStart(12)}`);
    const total = entries.reduce((sum, [, count]) => sum + count, 0);
    console.log(`  ${'total'.padEnd(width)}  ${total.toLocaleString('en').padStart(12)}`);
    console.log(`Image files: ${summary.images}`);
    console.log(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s (seeding ${(summary.durationMs / 1000).toFixed(1)} s).`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
