import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { AREA_NAMES, AREAS, type AreaName } from '@roam/contract/areas';
import type { Download, DownloadAck, DownloadFinal, DownloadProgress } from '@roam/contract/downloads';
import {
  CHANGED_EVENT,
  type ChangedEvent,
  DOWNLOAD_EVENT,
  PROGRESS_EVENT,
  SOCKET_PATH,
} from '@roam/contract/socket';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettings } from '../db/schema';
import {
  bearer,
  createAccount,
  createDemoTestApp,
  readOutbox,
  signIn,
  type TestAccount,
  type TestContext,
} from '../test-support/test-app';
import { createLinkSigner, loadLinkSecret } from './links';

/**
 * Downloads end to end through the real server listening on a port and a real socket.io client
 * (DESIGN §8): the request and its acknowledgement, progress, the final event, the signed link,
 * the file read back, the list of downloads, cancel, and live `changed` events.
 */

let context: TestContext;
let admin: TestAccount;
let headers: Record<string, string>;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ context, admin, headers } = await createDemoTestApp(120));
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const address = context.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  baseUrl = `http://127.0.0.1:${address.port}`;
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await context?.close();
});

function connect(token: string): Promise<Socket> {
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

async function connectAs(account: TestAccount): Promise<Socket> {
  return connect((await signIn(context, account)).access_token);
}

function request(socket: Socket, body: unknown): Promise<DownloadAck> {
  return socket.timeout(20_000).emitWithAck(DOWNLOAD_EVENT, body);
}

/** Requests a download and waits for its final event, collecting its progress events. */
async function download(socket: Socket, body: Record<string, unknown>) {
  const progress: DownloadProgress[] = [];
  const finals: DownloadFinal[] = [];
  const onProgress = (event: DownloadProgress) => progress.push(event);
  const onFinal = (event: DownloadFinal) => finals.push(event);
  socket.on(PROGRESS_EVENT, onProgress);
  socket.on(DOWNLOAD_EVENT, onFinal);
  try {
    const ack = await request(socket, body);
    if (ack.status !== 202) throw new Error(`refused: ${ack.status} ${ack.message}`);
    const pk = ack.download.pk;
    for (let attempt = 0; attempt < 600 && !finals.some((event) => event.pk === pk); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const final = finals.find((event) => event.pk === pk);
    if (!final) throw new Error('no final event');
    return { ack, final, progress: progress.filter((event) => event.pk === pk) };
  } finally {
    socket.off(PROGRESS_EVENT, onProgress);
    socket.off(DOWNLOAD_EVENT, onFinal);
  }
}

async function fetchFile(url: string): Promise<Response> {
  return fetch(`${baseUrl}${url}`);
}

async function csvRows(url: string): Promise<string[][]> {
  const response = await fetchFile(url);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.subarray(3).toString('utf8')) as string[][];
}

async function listCount(area: AreaName, query = ''): Promise<number> {
  const response = await context.app.inject({
    method: 'GET',
    url: `/admin${AREAS[area].list.path}?limit=1${query}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ searchcount: number }>().searchcount;
}

describe('the realtime connection', () => {
  it('refuses a handshake without a valid token with UNAUTHORIZED', async () => {
    for (const auth of [{}, { token: 'not-a-token' }]) {
      const socket = io(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], auth, reconnection: false });
      sockets.push(socket);
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe('UNAUTHORIZED');
    }
  });

  it("refuses a product user's token", async () => {
    const user = await createAccount(context, { role: 'user' });
    const { startSession } = await import('../test-support/test-app');
    const tokens = await startSession(context, user);
    await expect(connect(tokens.access_token)).rejects.toThrow('UNAUTHORIZED');
  });
});

describe('download management', () => {
  it('writes every area as CSV with exactly the rows its list matches, and reports progress', async () => {
    const socket = await connectAs(admin);
    for (const area of AREA_NAMES) {
      const { ack, final, progress } = await download(socket, {
        ids: [],
        module: AREAS[area].module,
        type: 'csv',
      });
      expect(ack.status).toBe(202);
      expect(final.status, area).toBe(200);
      if (final.status !== 200) continue;
      expect(progress.length, area).toBeGreaterThan(0);
      expect(final.url).toMatch(/^\/downloads\/[0-9a-f-]+\/.+\.csv\?Expires=\d+&Signature=[\w-]+$/);
      const [header, ...rows] = await csvRows(final.url);
      expect(header!.length, area).toBeGreaterThan(2);
      expect(rows.length, area).toBe(await listCount(area));
    }
  }, 120_000);

  it('honours the filters exactly: a filtered CSV has searchcount rows', async () => {
    const socket = await connectAs(admin);
    const filters = { status: 'ACTIVE', searchphrase: 'a', from_date: '2000-01-01' };
    const { final } = await download(socket, { module: 'userManagement', type: 'csv', filters });
    if (final.status !== 200) throw new Error('failed');
    const rows = (await csvRows(final.url)).slice(1);
    expect(rows.length).toBe(await listCount('users', '&status=ACTIVE&searchphrase=a&from_date=2000-01-01'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.includes('Active'))).toBe(true);
  });

  it('writes exactly the selected rows, in XLSX too', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/admin/city?limit=3', headers });
    const cities = page.json<{ cities: { _id: string; name: string }[] }>().cities;
    const socket = await connectAs(admin);
    const ids = cities.map((city) => city._id);
    const csv = await download(socket, { ids, module: 'cityManagement', type: 'csv' });
    if (csv.final.status !== 200) throw new Error('failed');
    const names = (await csvRows(csv.final.url)).slice(1).map((row) => row[0]);
    expect(names.sort()).toEqual(cities.map((city) => city.name).sort());

    const xlsx = await download(socket, { ids, module: 'cityManagement', type: 'xls' });
    if (xlsx.final.status !== 200) throw new Error('failed');
    const response = await fetchFile(xlsx.final.url);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells: string[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) cells.push(String(row.getCell(1).value));
    });
    expect(cells.sort()).toEqual(cities.map((city) => city.name).sort());
  });

  it('writes a PDF', async () => {
    const socket = await connectAs(admin);
    const { final } = await download(socket, { module: 'groupManagement', type: 'pdf' });
    if (final.status !== 200) throw new Error('failed');
    const response = await fetchFile(final.url);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('refuses a bad module, type, id list or filter with 400 naming it', async () => {
    const socket = await connectAs(admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ module: 'cityManagment', type: 'csv' }, 'module'],
      [{ module: 'cityManagement', type: 'doc' }, 'type'],
      [{ module: 'cityManagement', type: 'csv', ids: 'all' }, 'ids'],
      [{ module: 'cityManagement', type: 'csv', filters: { from_date: '2026-02-30' } }, 'from_date'],
      [{ module: 'cityManagement', type: 'csv', filters: { status: 'GONE' } }, 'status'],
    ];
    for (const [body, field] of cases) {
      const ack = await request(socket, body);
      expect(ack.status, field).toBe(400);
      if (ack.status !== 202) expect(ack.message).toContain(field);
    }
  });

  it('refuses a sub-admin without read on the module (403), and deleted rows without delete', async () => {
    const subAdmin = await createAccount(context, {
      role: 'sub-admin',
      permissions: { cafeManagement: { read: 1, write: 0, delete: 0 } },
    });
    const socket = await connectAs(subAdmin);
    expect((await request(socket, { module: 'cityManagement', type: 'csv' })).status).toBe(403);
    expect(
      (await request(socket, { module: 'cafeManagement', type: 'csv', filters: { status: 'DELETED' } }))
        .status,
    ).toBe(403);
    expect((await request(socket, { module: 'cafeManagement', type: 'csv' })).status).toBe(202);
  });

  it('serves a link only as signed: tampered 403, expired 410, never a file that is not complete', async () => {
    const socket = await connectAs(admin);
    const { final } = await download(socket, { module: 'shopManagement', type: 'csv' });
    if (final.status !== 200) throw new Error('failed');
    const url = new URL(final.url, baseUrl);
    const tampered = new URL(url);
    tampered.searchParams.set('Expires', String(Number(url.searchParams.get('Expires')) + 60));
    expect((await fetch(tampered)).status).toBe(403);
    const forged = new URL(url);
    // Another first character: replacing the last two with 'AA' left one signature in 4,096 as it was.
    const signature = url.searchParams.get('Signature')!;
    forged.searchParams.set('Signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
    expect((await fetch(forged)).status).toBe(403);

    const signer = createLinkSigner(await loadLinkSecret(context.dataDir));
    const [, , pk, file] = url.pathname.split('/');
    const past = Math.floor(Date.now() / 1000) - 1;
    expect((await fetchFile(signer.sign(pk!, decodeURIComponent(file!), past))).status).toBe(410);

    // A job still running has no file to serve, even under a link signed for it.
    const queued = await request(socket, { module: 'userManagement', type: 'xlsx' });
    if (queued.status !== 202) throw new Error('refused');
    const future = Math.floor(Date.now() / 1000) + 60;
    const early = await fetchFile(signer.sign(queued.download.pk, 'Users.xlsx', future));
    expect([404, 200]).toContain(early.status);
    if (early.status === 200) throw new Error('served a file under a name it was never given');
    const partials = readdirSync(path.join(context.dataDir, 'downloads')).filter((name) =>
      name.endsWith('.part'),
    );
    for (const name of partials) expect(name.startsWith(queued.download.pk)).toBe(true);
  });

  it('cancels a download: it leaves the list and no file stays behind', async () => {
    const socket = await connectAs(admin);
    const ack = await request(socket, { module: 'userManagement', type: 'xlsx' });
    if (ack.status !== 202) throw new Error('refused');
    const pk = ack.download.pk;
    const removed = await context.app.inject({ method: 'DELETE', url: `/admin/downloads/${pk}`, headers });
    expect(removed.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const list = await context.app.inject({ method: 'GET', url: '/admin/downloads', headers });
    expect(list.json<{ downloads: Download[] }>().downloads.some((item) => item.pk === pk)).toBe(false);
    const left = readdirSync(path.join(context.dataDir, 'downloads')).filter((name) => name.startsWith(pk));
    expect(left).toEqual([]);
    const again = await context.app.inject({ method: 'DELETE', url: `/admin/downloads/${pk}`, headers });
    expect(again.statusCode).toBe(404);
  });

  it("keeps the admin's downloads across a new connection, newest first, each with its link; others see none", async () => {
    let socket = await connectAs(admin);
    const { final } = await download(socket, { module: 'jobManagement', type: 'csv' });
    if (final.status !== 200) throw new Error('failed');
    socket.disconnect();
    socket = await connectAs(admin);
    const response = await context.app.inject({ method: 'GET', url: '/admin/downloads', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const [newest] = response.json<{ downloads: Download[] }>().downloads;
    expect(newest).toMatchObject({ pk: final.pk, state: 'done', type: 'csv', module: 'jobManagement' });
    expect(newest!.url).toBe(final.url);
    expect(newest!.title).toMatch(/^Jobs Management \d{2}-\d{2}-\d{4}$/);
    expect(existsSync(path.join(context.dataDir, 'downloads', `${final.pk}.csv`))).toBe(true);

    const other = await createAccount(context);
    const theirs = await context.app.inject({
      method: 'GET',
      url: '/admin/downloads',
      headers: bearer(await signIn(context, other)),
    });
    expect(theirs.json<{ downloads: Download[] }>().downloads).toEqual([]);
  });

  it('mails the link when the admin asked for it', async () => {
    await context.database.db
      .insert(notificationSettings)
      .values({ userId: admin.id, exportReadyEmail: true });
    const socket = await connectAs(admin);
    const { final } = await download(socket, { module: 'promoManagement', type: 'csv' });
    if (final.status !== 200) throw new Error('failed');
    const mails = await readOutbox(context);
    const decoded = mails
      .join('\n')
      .replace(/=\r?\n/g, '')
      .replaceAll('=3D', '=');
    expect(decoded).toContain(final.url.split('?')[0]);
  });
});

describe('live lists', () => {
  it('tells every admin who may read an area that it changed, and nobody else', async () => {
    const reader = await createAccount(context, {
      role: 'sub-admin',
      permissions: { cityManagement: { read: 1, write: 0, delete: 0 } },
    });
    const outsider = await createAccount(context, {
      role: 'sub-admin',
      permissions: { cafeManagement: { read: 1, write: 0, delete: 0 } },
    });
    const [readerSocket, outsiderSocket] = await Promise.all([connectAs(reader), connectAs(outsider)]);
    const heard: ChangedEvent[] = [];
    const overheard: ChangedEvent[] = [];
    readerSocket.on(CHANGED_EVENT, (event: ChangedEvent) => heard.push(event));
    outsiderSocket.on(CHANGED_EVENT, (event: ChangedEvent) => overheard.push(event));

    const page = await context.app.inject({
      method: 'GET',
      url: '/admin/city?limit=1&status=ACTIVE',
      headers,
    });
    const city = page.json<{ cities: { _id: string }[] }>().cities[0]!;
    const toggled = await context.app.inject({
      method: 'PUT',
      url: `/admin/city/toggle/${city._id}?markas=INACTIVE`,
      headers,
    });
    expect(toggled.statusCode).toBe(200);
    for (let attempt = 0; attempt < 100 && heard.length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(heard).toEqual([{ area: 'cities', ids: [city._id], action: 'toggle' }]);
    expect(overheard).toEqual([]);
  });
});
