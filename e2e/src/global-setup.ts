import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { hashPassword } from '../../apps/api/src/auth/passwords';
import { openDatabase } from '../../apps/api/src/db/client';
import { adminPermissions, users } from '../../apps/api/src/db/schema';
import { seedDemo } from '../../apps/api/src/db/seed/demo';
import { startTestProvider } from '../../apps/api/src/test-support/oidc-provider';
import { E2E_ACCOUNTS, type E2eAccount } from './accounts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: a test file uses the one at its worker's index (browser.ts). */
    baseUrls: string[];
    dataDirs: string[];
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A data folder with the demo data and the test accounts. */
async function prepareDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roam-e2e-'));
  const handle = await openDatabase({ dataDir });
  await seedDemo(handle.db, { users: 200, uploadsDir: path.join(dataDir, 'uploads') });
  for (const account of Object.values(E2E_ACCOUNTS) as E2eAccount[]) {
    const [row] = await handle.db
      .insert(users)
      .values({
        userId: account.userID,
        username: account.username,
        email: account.email,
        role: account.role,
        fullname: account.fullname,
        lastname: account.lastname,
        passwordHash: await hashPassword(account.password),
      })
      .returning({ id: users.id });
    const modules = account.readModules ?? [];
    if (modules.length > 0) {
      await handle.db.insert(adminPermissions).values(
        modules.map((module) => ({
          userId: row!.id,
          module,
          canRead: true,
          canWrite: false,
          canDelete: false,
        })),
      );
    }
  }
  await handle.close();
  return dataDir;
}

type RunningServer = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

/** Runs the real server on a data folder and waits until it answers. */
async function startServer(
  dataDir: string,
  port: number,
  provider: Awaited<ReturnType<typeof startTestProvider>>,
): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'none',
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'warn',
        // Short-lived download links, so that the downloads test sees one expire.
        DOWNLOAD_TTL: '10',
        OIDC_GOOGLE_ISSUER: provider.issuer,
        OIDC_GOOGLE_CLIENT_ID: provider.clientId,
        OIDC_GOOGLE_CLIENT_SECRET: provider.clientSecret,
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  let isStopping = false;
  const exited = new Promise<void>((resolve) => {
    server.once('exit', (code, signal) => {
      // Said out loud: otherwise every later test only reports a refused connection.
      if (!isStopping)
        console.error(
          `\n  The server at ${baseUrl} exited during the run (code ${code}, signal ${signal}).\n`,
        );
      resolve();
    });
  });
  const stop = async () => {
    isStopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A server that does not answer in time is stopped (and its folder removed) before the error.
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {}
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the server at ${baseUrl} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, dataDir, stop };
}

/**
 * Starts one real server per worker, each on its own copy of a data folder (demo data and the test
 * accounts), so that files running at the same time never see each other's changes; files that run
 * one after another on a worker share its server, as a person's sessions share a deployment.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const seeded = await prepareDataDir();
  const dataDirs = [seeded];
  for (let i = 1; i < workers; i++) {
    const copy = mkdtempSync(path.join(tmpdir(), 'roam-e2e-'));
    cpSync(seeded, copy, { recursive: true });
    dataDirs.push(copy);
  }
  const ports: number[] = [];
  while (ports.length < dataDirs.length) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  // A real OpenID Connect provider for the social sign-in tests, configured as the Google slot.
  const provider = await startTestProvider({
    redirectUris: ports.map((port) => `http://127.0.0.1:${port}/auth/oidc/google/callback`),
    accounts: {
      'e2e-admin': { email: E2E_ACCOUNTS.admin.email, verified: true },
      'e2e-member': { email: E2E_ACCOUNTS.member.email, verified: true },
    },
  });
  const started = await Promise.allSettled(
    dataDirs.map((dataDir, i) => startServer(dataDir, ports[i]!, provider)),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    await provider.close();
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  project.provide('dataDirs', dataDirs);

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await provider.close();
  };
}
