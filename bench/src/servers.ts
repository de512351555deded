import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestCertificate } from '../../apps/api/src/test-support/certificate';
import { isServing } from '../../apps/api/src/test-support/server-process';
import type { Dataset } from './data';
import { findFreePort, log, sleep } from './shared';
import type { CapturedQuery, CaptureMessage, CarriedCall } from './sql-replay';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The built server `npm start` runs (apps/api/scripts/build.mjs builds it when stale). */
const SERVER_BUILD_SCRIPT = path.join(ROOT, 'apps/api/scripts/build.mjs');
const SERVER_ENTRY = path.join(ROOT, 'apps/api/dist/server.js');
const HELLO_ENTRY = path.join(import.meta.dirname, 'hello-server.ts');
const CARRIER_ENTRY = path.join(import.meta.dirname, 'carrier-server.ts');
const CAPTURE_HOOK = path.join(import.meta.dirname, 'sql-capture.ts');

/** The admin the bench signs in as: created by the server at start when no active admin exists. */
export const BENCH_ADMIN = { email: 'bench-admin@roam.local', password: 'Bench@Roam2026!' } as const;

/** A server running in its own process (its own memory and CPU), as it runs in production. */
export type ServerProcess = {
  url: string;
  pid: number;
  /** From spawning the process to the first page it served. */
  coldStartMs: number;
  /** Peak resident memory of the process so far (Linux), in MB. */
  peakRssMb: () => number | undefined;
  /** False once the process has exited (stopped by the bench, or from outside). */
  isRunning: () => boolean;
  stop: () => Promise<void>;
};

export type ApiServer = ServerProcess & {
  /** Capture pass only: the SQL the server sent while `run` was going on. */
  captureSql?: (run: () => Promise<void>) => Promise<CapturedQuery[]>;
};

function readPeakRss(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = status.match(/^VmHWM:\s+(\d+) kB/m);
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

type StartOptions = {
  entry: string;
  /** Modules loaded before the entry (`--import`): tsx for a TypeScript entry or hook. */
  imports: string[];
  env: (url: string) => Record<string, string>;
  firstPage: string;
  withIpc?: boolean;
  /** Served over HTTPS with this certificate (the server's TLS_CERT and TLS_KEY). */
  certificate?: TestCertificate;
};

type StartedProcess = { child: ChildProcess; url: string; coldStartMs: number; stop: () => Promise<void> };

class StoppedFromOutside extends Error {}

/**
 * Starts a process and waits for its first page. On a shared machine a process may be stopped by
 * a signal the bench did not send while it starts: it is started again (up to three times).
 */
async function startProcess(options: StartOptions): Promise<StartedProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (!(error instanceof StoppedFromOutside) || attempt === 3) throw error;
      log(`    ${path.basename(options.entry)} was stopped from outside while starting: starting it again`);
    }
  }
}

async function startOnce(options: StartOptions): Promise<StartedProcess> {
  const port = await findFreePort();
  const url = `${options.certificate ? 'https' : 'http'}://127.0.0.1:${port}`;
  const output: string[] = [];
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...options.imports.flatMap((hook) => ['--import', hook]), options.entry],
    {
      cwd: ROOT,
      env: { ...process.env, ...options.env(url), PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe', ...(options.withIpc ? (['ipc'] as const) : [])],
      serialization: 'advanced',
    },
  );
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let isStopping = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      // Said at once: otherwise the run only reports refused connections.
      if (!isStopping) {
        log(
          `${path.basename(options.entry)} exited (code ${code}, signal ${signal}):\n${output.join('').slice(-3000)}`,
        );
      }
      resolve();
    }),
  );

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (await isServing(`${url}${options.firstPage}`, options.certificate)) break;
    if (child.signalCode !== null) throw new StoppedFromOutside(`stopped by ${child.signalCode}`);
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${path.basename(options.entry)} did not start:\n${output.join('').slice(-3000)}`);
    }
    await sleep(10);
  }
  const coldStartMs = performance.now() - started;

  const stop = async () => {
    isStopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, url, coldStartMs, stop };
}

function serverProcessOf(started: StartedProcess, stop = started.stop): ServerProcess {
  const { child } = started;
  return {
    url: started.url,
    pid: child.pid!,
    coldStartMs: started.coldStartMs,
    peakRssMb: () => readPeakRss(child.pid!),
    isRunning: () => child.exitCode === null && child.signalCode === null,
    stop,
  };
}

/** Builds the server as `npm start` does: when its bundle is missing or older than its sources. */
function ensureServerBuilt(): void {
  const build = spawnSync(process.execPath, [SERVER_BUILD_SCRIPT], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the server did not build:\n${build.stdout}\n${build.stderr}`);
}

/**
 * Starts the built server the way `npm start` runs it (node apps/api/dist/server.js) on
 * a data set, production mode, quiet logs; waits for the panel's first page. With `capture`, the
 * SQL capture hook is loaded too (capture pass only: measured passes run the server untouched);
 * with `certificate`, it serves HTTPS (HTTP/2 to the browsers).
 */
export async function startApiServer(
  dataset: Dataset,
  options: { capture?: boolean; certificate?: TestCertificate } = {},
): Promise<ApiServer> {
  const env = (url: string) => ({
    NODE_ENV: 'production',
    DATA_DIR: dataset.dataDir,
    DATABASE_URL: dataset.databaseUrl ?? '',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    REDIS_URL: '',
    PUBLIC_URL: url,
    TLS_CERT: options.certificate?.certFile ?? '',
    TLS_KEY: options.certificate?.keyFile ?? '',
  });
  ensureServerBuilt();
  const started = await startProcess({
    entry: SERVER_ENTRY,
    imports: options.capture ? ['tsx', CAPTURE_HOOK] : [],
    env,
    firstPage: '/',
    withIpc: options.capture,
    certificate: options.certificate,
  });
  const { child } = started;
  const server: ApiServer = serverProcessOf(started);
  if (options.capture) {
    const request = (message: CaptureMessage, answer: CaptureMessage['type']) =>
      new Promise<CaptureMessage>((resolve) => {
        const onMessage = (reply: CaptureMessage) => {
          if (reply.type !== answer) return;
          child.off('message', onMessage);
          resolve(reply);
        };
        child.on('message', onMessage);
        child.send(message);
      });
    server.captureSql = async (run) => {
      await request({ type: 'start' }, 'started');
      await run();
      const reply = await request({ type: 'stop' }, 'queries');
      return reply.type === 'queries' ? reply.queries : [];
    };
  }
  return server;
}

/** A hello-world Fastify route in its own process: the HTTP ceiling of this machine. */
export async function startHelloServer(): Promise<ServerProcess> {
  const started = await startProcess({
    entry: HELLO_ENTRY,
    imports: ['tsx'],
    env: () => ({}),
    firstPage: '/',
  });
  return serverProcessOf(started);
}

/**
 * The bare carrier of `calls` on a PostgreSQL data set (carrier-server.ts), in its own process:
 * call `index` is served at `/call/{index}`.
 */
export async function startCarrierServer(
  databaseUrl: string,
  calls: readonly CarriedCall[],
  poolSize: number,
): Promise<ServerProcess> {
  const folder = mkdtempSync(path.join(tmpdir(), 'roam-carrier-'));
  const file = path.join(folder, 'calls.json');
  writeFileSync(file, JSON.stringify(calls));
  const started = await startProcess({
    entry: CARRIER_ENTRY,
    imports: ['tsx'],
    env: () => ({ CARRIED_CALLS: file, DATABASE_URL: databaseUrl, POOL_SIZE: String(poolSize) }),
    firstPage: '/',
  }).catch((error: unknown) => {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  });
  return serverProcessOf(started, async () => {
    await started.stop();
    rmSync(folder, { recursive: true, force: true });
  });
}

export type Session = {
  headers: Record<string, string>;
  tokens: { access_token: string; refresh_token: string; expires_in: number };
  signedInAt: number;
};

/** Signs in as the bench admin (over HTTPS, trusting `certificate`, when the server serves it). */
export async function signIn(url: string, certificate?: TestCertificate): Promise<Session> {
  const body = JSON.stringify(BENCH_ADMIN);
  const { status, text } = certificate
    ? await postOverTls(`${url}/auth/signin`, body, certificate)
    : await fetch(`${url}/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }).then(async (response) => ({ status: response.status, text: await response.text() }));
  if (status !== 200) throw new Error(`sign-in failed: ${status} ${text}`);
  const tokens = JSON.parse(text) as Session['tokens'];
  return { headers: { authorization: `Bearer ${tokens.access_token}` }, tokens, signedInAt: Date.now() };
}

function postOverTls(url: string, body: string, certificate: TestCertificate) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = https.request(
      url,
      { method: 'POST', ca: certificate.pem, agent: false, headers: { 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The session again, signed in anew when its access token is more than ten minutes old. */
export async function freshSession(url: string, session: Session): Promise<Session> {
  return Date.now() - session.signedInAt > 10 * 60_000 ? signIn(url) : session;
}
