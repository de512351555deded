import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ensureFirstAdmin } from './bootstrap/first-admin';
import { seedIfEmpty } from './bootstrap/seed-if-empty';
import { ConfigError, loadConfig, readTlsFiles } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';

/** Starts Roam Admin: configuration, database (migrated), first data, then listen. */
async function main() {
  const config = loadConfig();
  const tls = config.tls && readTlsFiles(config.tls);
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database, ownsDatabase: true, tls });
  await seedIfEmpty(database, config, (message) => app.log.info(message));
  const admin = await ensureFirstAdmin(database.db, config);
  await app.listen({ port: config.port, host: config.host });

  const url = config.publicUrl;
  const lines = [`Roam Admin is running at ${url}`];
  if (admin?.password) lines.push(`Sign in as ${admin.email} with password ${admin.password}`);
  else if (admin) lines.push(`Sign in as ${admin.email}`);
  else lines.push('No admin exists: set ADMIN_EMAIL and ADMIN_PASSWORD and restart');
  console.log(`\n  ${lines.join('\n  ')}\n`);

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(`${signal} received: draining (up to ${config.drainTimeoutMs} ms)`);
    const isComplete = await app.drain(config.drainTimeoutMs);
    if (!isComplete) app.log.warn('drain timeout: requests still running were cut');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof DataDirInUseError) {
    console.error(`Roam Admin did not start: ${error.message}`);
  } else {
    console.error('Roam Admin failed to start:', error);
  }
  process.exit(1);
});

export const dataPath = (...parts: string[]) => path.join(...parts);
