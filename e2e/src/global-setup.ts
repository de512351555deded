import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
    baseUrl: string;
    dataDir: string;
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

/** Prepares a data folder (demo data and the test accounts), then runs the real server on it. */
export default async function setup(project: TestProject) {
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

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A real OpenID Connect provider for the social sign-in tests, configured as the Google slot.
  const provider = await startTestProvider({
    redirectUris: [`${baseUrl}/auth/oidc/google/callback`],
    accounts: {
      'e2e-admin': { email: E2E_ACCOUNTS.admin.email, verified: true },
      'e2e-member': { email: E2E_ACCOUNTS.member.email, verified: true },
    },
  });
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
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {}
    if (server.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);

  let isStopping = false;
  const exited = new Promise<void>((resolve) => {
    server.once('exit', (code, signal) => {
      // Said out loud: otherwise every later test only reports a refused connection.
      if (!isStopping)
        console.error(`\n  The server exited during the run (code ${code}, signal ${signal}).\n`);
      resolve();
    });
  });

  return async () => {
    isStopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
