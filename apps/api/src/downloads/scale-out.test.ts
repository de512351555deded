import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DownloadAck, DownloadFinal, DownloadProgress } from '@roam/contract/downloads';
import {
  CHANGED_EVENT,
  type ChangedEvent,
  DOWNLOAD_EVENT,
  PROGRESS_EVENT,
  SOCKET_PATH,
} from '@roam/contract/socket';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test-support/database';
import {
  type ServerProcess,
  signInProcess,
  startServerProcess,
  stopServerProcesses,
} from '../test-support/server-process';

/**
 * Scaled mode (DESIGN §3) with the machine's real PostgreSQL and Redis: two server processes on
 * two ports sharing both (and the files folder). A job asked for through one runs on either and
 * its events reach a socket connected to the other; a write on one reaches the other's sockets;
 * a job whose process is killed is marked failed and leaves no file. Runs when DATABASE_URL and
 * REDIS_URL are set (CI's PostgreSQL run).
 */
const databaseServer = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

let database: { url: string; drop: () => Promise<void> };
let dataDir: string;
let a: ServerProcess;
let b: ServerProcess;
let token: string;
const sockets: Socket[] = [];

function connect(baseUrl: string): Promise<Socket> {
  const socket = io(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function until<T>(read: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!databaseServer || !redisUrl)('two processes sharing PostgreSQL and Redis', () => {
  beforeAll(async () => {
    database = await createScratchDatabase(databaseServer!);
    dataDir = mkdtempSync(path.join(tmpdir(), 'roam-scaled-'));
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl! };
    a = await startServerProcess({ dataDir, env: { ...env, SEED: '300' } });
    b = await startServerProcess({ dataDir, env });
    token = (await signInProcess(a.baseUrl)).authorization.replace('Bearer ', '');
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await stopServerProcesses({ keepData: true });
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it('runs a job asked for on one process and tells a socket on the other', async () => {
    const [onA, onB] = await Promise.all([connect(a.baseUrl), connect(b.baseUrl)]);
    const progress: DownloadProgress[] = [];
    const finals: DownloadFinal[] = [];
    onB.on(PROGRESS_EVENT, (event: DownloadProgress) => progress.push(event));
    onB.on(DOWNLOAD_EVENT, (event: DownloadFinal) => finals.push(event));
    const ack: DownloadAck = await onA.timeout(10_000).emitWithAck(DOWNLOAD_EVENT, {
      module: 'userManagement',
      type: 'csv',
    });
    if (ack.status !== 202) throw new Error(`refused: ${ack.message}`);
    const final = await until(() => finals.find((event) => event.pk === ack.download.pk), 30_000);
    expect(final.status).toBe(200);
    expect(progress.some((event) => event.pk === ack.download.pk)).toBe(true);
    if (final.status !== 200) return;
    // Either process serves the file: they share the files folder.
    for (const server of [a, b]) {
      const response = await fetch(`${server.baseUrl}${final.url}`);
      expect(response.status).toBe(200);
      const lines = (await response.text()).trim().split('\n');
      expect(lines.length).toBeGreaterThan(300);
    }
  }, 60_000);

  it('tells the sockets of the other process when a record changes', async () => {
    const onB = await connect(b.baseUrl);
    const heard: ChangedEvent[] = [];
    onB.on(CHANGED_EVENT, (event: ChangedEvent) => heard.push(event));
    const headers = { authorization: `Bearer ${token}` };
    const page = await fetch(`${a.baseUrl}/admin/city?limit=1&status=ACTIVE`, { headers });
    const city = ((await page.json()) as { cities: { _id: string }[] }).cities[0]!;
    const toggled = await fetch(`${a.baseUrl}/admin/city/toggle/${city._id}?markas=INACTIVE`, {
      method: 'PUT',
      headers,
    });
    expect(toggled.status).toBe(200);
    const event = await until(() => heard.find((change) => change.ids.includes(city._id)), 10_000);
    expect(event).toEqual({ area: 'cities', ids: [city._id], action: 'toggle' });
  }, 30_000);

  it('marks failed a job whose process was killed, and leaves no partial file', async () => {
    // Enough users for an export that runs for a while.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(`
      insert into users (user_id, username, email, role, status, fullname, lastname)
      select 'bulk' || n, 'bulk' || n, 'bulk' || n || '@roam.test', 'user', 'ACTIVE', 'Bulk', 'Person ' || n
      from generate_series(1, 150000) as n`);
    try {
      const onA = await connect(a.baseUrl);
      const running: DownloadProgress[] = [];
      onA.on(PROGRESS_EVENT, (event: DownloadProgress) => running.push(event));
      const ack: DownloadAck = await onA.timeout(30_000).emitWithAck(DOWNLOAD_EVENT, {
        module: 'userManagement',
        type: 'xlsx',
      });
      if (ack.status !== 202) throw new Error(`refused: ${ack.message}`);
      const pk = ack.download.pk;
      await until(() => running.find((event) => event.pk === pk && event.done > 0), 30_000);
      const { rows } = await client.query<{ worker: string }>(
        'select worker from download_jobs where id = $1',
        [pk],
      );
      const pid = Number(rows[0]!.worker.split('/').pop());
      const victim = [a, b].find((server) => server.child.pid === pid);
      expect(victim).toBeDefined();
      process.kill(victim!.child.pid!, 'SIGKILL');
      await victim!.exit;

      const deadline = Date.now() + 45_000;
      let state = 'running';
      while (state === 'running' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        state = (await client.query<{ state: string }>('select state from download_jobs where id = $1', [pk]))
          .rows[0]!.state;
      }
      expect(state).toBe('failed');
      const left = readdirSync(path.join(dataDir, 'downloads')).filter((name) => name.startsWith(pk));
      expect(left).toEqual([]);
      expect(existsSync(path.join(dataDir, 'downloads', `${pk}.xlsx`))).toBe(false);
    } finally {
      await client.end();
    }
  }, 120_000);
});
