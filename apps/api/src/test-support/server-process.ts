import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestCertificate } from './certificate';

/**
 * The real server as its own process (`node server.ts`, or `npm start`), for the tests that need
 * signals and crashes: SIGTERM drains, kill -9, a database that goes away.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
export const PROCESS_ADMIN = { email: 'process@roam.test', password: 'Process@2026!' };

export async function freePort(): Promise<number> {
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

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  exit: Promise<number | null>;
};

const started: ServerProcess[] = [];

/**
 * Whether `url` answers 200, its body read: over TLS trusting `certificate` (the built-in fetch
 * cannot) or plain. The bench waits on its servers with it too.
 */
export async function isServing(url: string, certificate?: TestCertificate): Promise<boolean> {
  if (!certificate) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  }
  return new Promise((resolve) => {
    https
      .get(url, { ca: certificate.pem, agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode === 200));
      })
      .on('error', () => resolve(false));
  });
}

/** Starts one; with `certificate` it serves HTTPS (TLS_CERT, TLS_KEY) and its `baseUrl` says so. */
export async function startServerProcess(
  options: {
    kind?: 'server' | 'npm';
    dataDir?: string;
    env?: Record<string, string>;
    certificate?: TestCertificate;
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `${options.certificate ? 'https' : 'http'}://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'roam-process-'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'none',
    ADMIN_EMAIL: PROCESS_ADMIN.email,
    ADMIN_PASSWORD: PROCESS_ADMIN.password,
    LOG_LEVEL: 'fatal',
    DRAIN_TIMEOUT: '10000',
    DATABASE_URL: '',
    ...(options.certificate
      ? { TLS_CERT: options.certificate.certFile, TLS_KEY: options.certificate.keyFile, PUBLIC_URL: baseUrl }
      : {}),
    ...options.env,
  };
  const stdio: ['ignore', 'ignore', 'inherit'] = ['ignore', 'ignore', 'inherit'];
  const child =
    options.kind === 'npm'
      ? spawn('npm', ['start', '--silent'], { cwd: root, env, stdio, detached: true })
      : spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
          cwd: root,
          env,
          stdio,
          detached: true,
        });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = { child, baseUrl, dataDir, exit };
  started.push(running);
  for (let attempt = 0; attempt < 900; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await isServing(`${baseUrl}/healthz`, options.certificate)) return running;
    await sleep(100);
  }
  throw new Error('the server did not start');
}

/** Kills what is still running (the whole process group) and removes the data folders. */
export async function stopServerProcesses(options: { keepData?: boolean } = {}): Promise<void> {
  for (const running of started.splice(0)) {
    if (running.child.exitCode === null && running.child.pid) {
      try {
        process.kill(-running.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await running.exit;
    }
    if (!options.keepData) rmSync(running.dataDir, { recursive: true, force: true });
  }
}

export async function signInProcess(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(PROCESS_ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status}`);
  const { access_token } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}
