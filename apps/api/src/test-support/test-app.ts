import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AREAS, type AreaName } from '@roam/contract/areas';
import type { TokenResponse } from '@roam/contract/auth';
import type { PermissionModule, Permissions } from '@roam/contract/permissions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { hashPassword } from '../auth/passwords';
import { loadConfig, type TlsFiles } from '../config';
import type { DatabaseHandle } from '../db/client';
import { adminPermissions, users } from '../db/schema';
import { seedDemo } from '../db/seed/demo';
import { openTestDatabase } from './database';

export type TestContext = {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  close: () => Promise<void>;
};

/**
 * The real app on a fresh database and data folder (`env` adds settings; `options` how the database
 * is opened, and a certificate to serve HTTPS with); sign-in delays off so tests run fast.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { tls, ...opening }: { poolSize?: number; tls?: TlsFiles } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roam-test-'));
  const database = await openTestDatabase(opening);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED: 'none',
    PUBLIC_URL: 'http://panel.test',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    throttle: { delayStepMs: 0 },
    tls,
    servePanel: false,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    verifySerializers: true,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let sequence = 0;

export type TestAccount = { id: string; userID: string; email: string; password: string };

/** Inserts an account straight into the database: an admin, a sub-admin with flags, or a plain user. */
export async function createAccount(
  context: TestContext,
  options: {
    role?: 'admin' | 'sub-admin' | 'user';
    status?: 'ACTIVE' | 'INACTIVE' | 'DELETED';
    permissions?: Partial<Permissions>;
    password?: string;
    email?: string;
  } = {},
): Promise<TestAccount> {
  sequence += 1;
  const password = options.password ?? 'Secret@123';
  const email = options.email ?? `person${sequence}-${Math.random().toString(36).slice(2, 7)}@roam.test`;
  const userID = `T${sequence}${Math.random().toString(36).slice(2, 7)}`;
  const [row] = await context.database.db
    .insert(users)
    .values({
      userId: userID,
      username: `person${sequence}`,
      email,
      role: options.role ?? 'admin',
      status: options.status ?? 'ACTIVE',
      fullname: 'Test',
      lastname: `Person${sequence}`,
      passwordHash: await hashPassword(password),
    })
    .returning({ id: users.id });
  const permissions = Object.entries(options.permissions ?? {}) as [
    PermissionModule,
    Permissions[PermissionModule],
  ][];
  if (permissions.length > 0) {
    await context.database.db.insert(adminPermissions).values(
      permissions.map(([module, flags]) => ({
        userId: row!.id,
        module,
        canRead: flags.read === 1,
        canWrite: flags.write === 1,
        canDelete: flags.delete === 1,
      })),
    );
  }
  return { id: row!.id, userID, email, password };
}

export async function signIn(
  context: TestContext,
  account: { email: string; password: string },
): Promise<TokenResponse> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/auth/signin',
    payload: { email: account.email, password: account.password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenResponse>();
}

/**
 * Tokens for an account without signing in: for an account that may not sign in (a user of the
 * product), to check that the API refuses its token all the same.
 */
export async function startSession(context: TestContext, account: { id: string }): Promise<TokenResponse> {
  const [row] = await context.database.db
    .select({ id: users.id, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, account.id));
  if (!row) throw new Error(`no account ${account.id}`);
  return context.app.sessions.start(row);
}

export const bearer = (tokens: { access_token: string }) => ({
  authorization: `Bearer ${tokens.access_token}`,
});

/** The mails the embedded mode wrote to DATA_DIR/outbox, oldest first, waiting briefly for one. */
export async function readOutbox(context: TestContext, minimum = 1): Promise<string[]> {
  const dir = path.join(context.dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    let files: string[] = [];
    try {
      files = readdirSync(dir)
        .filter((file) => file.endsWith('.eml'))
        .sort();
    } catch {}
    if (files.length >= minimum) return files.map((file) => readFileSync(path.join(dir, file), 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return [];
}

/** Decodes a quoted-printable mail body and returns the first reset link in it. */
export function resetLinkFrom(mail: string): URL | null {
  const decoded = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = decoded.match(/https?:\/\/[^\s"<>]+reset-password\?[^\s"<>]+/);
  return match ? new URL(match[0].replaceAll('&amp;', '&')) : null;
}

/** Multipart body builder for app.inject. */
export type MultipartFile = { name: string; type: string; data: Buffer; field?: string };

export function multipartBody(
  fields: Record<string, string>,
  files?: MultipartFile | readonly MultipartFile[],
) {
  const boundary = `----roam${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files === undefined ? [] : Array.isArray(files) ? files : [files]) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A test app over `users` deterministic demo users, with a fresh admin signed in. */
export async function createDemoTestApp(
  users: number,
): Promise<{ context: TestContext; admin: TestAccount; headers: Record<string, string> }> {
  const context = await createTestApp();
  await seedDemo(context.database.db, { users, uploadsDir: path.join(context.dataDir, 'uploads') });
  const admin = await createAccount(context);
  return { context, admin, headers: bearer(await signIn(context, admin)) };
}

/**
 * GET an area's list through the app, as the panel calls it (parameters left undefined are not
 * sent): the answer's status and its body, typed as the caller reads it.
 */
export async function getList<Body = Record<string, unknown>>(
  context: TestContext,
  headers: Record<string, string>,
  area: AreaName,
  query: Record<string, string | number | undefined>,
): Promise<{ status: number; body: Body }> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const response = await context.app.inject({
    method: 'GET',
    url: `/admin${AREAS[area].list.path}?${search}`,
    headers,
  });
  return { status: response.statusCode, body: response.json() as Body };
}
