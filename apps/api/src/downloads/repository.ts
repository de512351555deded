import { hostname } from 'node:os';
import type { Download, DownloadType } from '@roam/contract/downloads';
import type { PermissionModule } from '@roam/contract/permissions';
import { and, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { downloadJobs, users } from '../db/schema';

/** The download jobs' rows (DESIGN §8): every read and write of `download_jobs`. */

export type JobRow = typeof downloadJobs.$inferSelect;

/** This process, as the job it runs names it. */
const WORKER = `${hostname()}/${process.pid}`;

/** How many of an admin's downloads the list shows. */
const LISTED = 50;

export async function insertJob(
  db: Database,
  job: {
    adminId: string;
    module: PermissionModule;
    type: DownloadType;
    title: string;
    total: number;
    request: JobRow['request'];
  },
): Promise<JobRow> {
  const [row] = await db.insert(downloadJobs).values(job).returning();
  return row!;
}

/** Takes a queued job for this process; undefined when it is gone or already taken. */
export async function claimJob(db: Database, pk: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(downloadJobs)
    .set({ state: 'running', worker: WORKER, heartbeatAt: sql`now()` })
    .where(and(eq(downloadJobs.id, pk), eq(downloadJobs.state, 'queued')))
    .returning();
  return row;
}

/** Progress and a heartbeat; false when the job was cancelled (its row removed) meanwhile. */
export async function beat(db: Database, pk: string, done: number): Promise<boolean> {
  const rows = await db
    .update(downloadJobs)
    .set({ done, heartbeatAt: sql`now()` })
    .where(and(eq(downloadJobs.id, pk), eq(downloadJobs.state, 'running')))
    .returning({ id: downloadJobs.id });
  return rows.length > 0;
}

export async function finishJob(
  db: Database,
  pk: string,
  result: { fileName: string; done: number; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(downloadJobs)
    .set({ state: 'done', ...result, total: result.done, finishedAt: sql`now()` })
    .where(and(eq(downloadJobs.id, pk), eq(downloadJobs.state, 'running')))
    .returning({ id: downloadJobs.id });
  return rows.length > 0;
}

export async function failJob(db: Database, pk: string, message: string): Promise<void> {
  await db
    .update(downloadJobs)
    .set({ state: 'failed', message, finishedAt: sql`now()` })
    .where(and(eq(downloadJobs.id, pk), inArray(downloadJobs.state, ['queued', 'running'])));
}

/**
 * Marks failed the running jobs whose process stopped beating for `staleSeconds` (every job that
 * is running, with 0: at an embedded start nothing else runs them). Answers their keys.
 */
export async function failAbandoned(db: Database, staleSeconds: number, message: string): Promise<string[]> {
  const rows = await db
    .update(downloadJobs)
    .set({ state: 'failed', message, finishedAt: sql`now()` })
    .where(
      and(
        eq(downloadJobs.state, 'running'),
        or(
          sql`${downloadJobs.heartbeatAt} is null`,
          lt(downloadJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
        ),
      ),
    )
    .returning({ id: downloadJobs.id });
  return rows.map((row) => row.id);
}

export async function queuedJobs(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: downloadJobs.id })
    .from(downloadJobs)
    .where(eq(downloadJobs.state, 'queued'))
    .orderBy(downloadJobs.createdAt);
  return rows.map((row) => row.id);
}

export async function findJob(db: Database, pk: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(downloadJobs).where(eq(downloadJobs.id, pk));
  return row;
}

/** An admin's downloads, newest first. */
export async function listJobs(db: Database, adminId: string): Promise<JobRow[]> {
  return db
    .select()
    .from(downloadJobs)
    .where(eq(downloadJobs.adminId, adminId))
    .orderBy(desc(downloadJobs.createdAt), desc(downloadJobs.id))
    .limit(LISTED);
}

/** How many of an admin's downloads are waiting or running. */
export async function unfinishedCount(db: Database, adminId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(downloadJobs)
    .where(and(eq(downloadJobs.adminId, adminId), inArray(downloadJobs.state, ['queued', 'running'])));
  return row?.n ?? 0;
}

/** Removes an admin's download; the removed row (so its file can go too), or undefined. */
export async function deleteJob(db: Database, adminId: string, pk: string): Promise<JobRow | undefined> {
  const [row] = await db
    .delete(downloadJobs)
    .where(and(eq(downloadJobs.id, pk), eq(downloadJobs.adminId, adminId)))
    .returning();
  return row;
}

/**
 * Done downloads whose links expired and whose files are still kept (the sweeper's work): marked as
 * swept (no file name) and answered, so that each file is removed by one process.
 */
export async function takeExpiredFiles(db: Database): Promise<Pick<JobRow, 'id' | 'type'>[]> {
  return db
    .update(downloadJobs)
    .set({ fileName: null })
    .where(and(isNotNull(downloadJobs.fileName), lt(downloadJobs.expiresAt, sql`now()`)))
    .returning({ id: downloadJobs.id, type: downloadJobs.type });
}

export async function adminEmail(db: Database, adminId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, adminId));
  return row?.email;
}

/** A job as the contract's `download` (state expired once its link has). */
export function toDownload(row: JobRow, url: string | null): Download {
  const expires = row.expiresAt ? Math.floor(row.expiresAt.getTime() / 1000) : null;
  const isExpired = row.state === 'done' && row.expiresAt !== null && row.expiresAt.getTime() <= Date.now();
  return {
    pk: row.id,
    title: row.title,
    module: row.module as PermissionModule,
    type: row.type,
    state: isExpired ? 'expired' : row.state,
    done: row.done,
    total: row.total,
    url: isExpired ? null : url,
    expires,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
