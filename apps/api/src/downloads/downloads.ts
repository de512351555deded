import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { AREAS, areaOfModule, listQuerySchemaOf } from '@roam/contract/areas';
import {
  type Download,
  type DownloadAck,
  downloadRequestSchema,
  downloadTitle,
  PDF_ROW_LIMIT,
  PDF_TOO_LARGE,
} from '@roam/contract/downloads';
import { MESSAGES } from '@roam/contract/messages';
import { can } from '@roam/contract/permissions';
import { DOWNLOAD_EVENT, PROGRESS_EVENT } from '@roam/contract/socket';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { countSelection, type ExportSelection, readSelection } from '../admin/core/export';
import type { ListQuery, Resource } from '../admin/core/resource';
import type { ExtraListQuery } from '../admin/core/routes';
import { readSettings } from '../admin/me/notifications';
import type { Database } from '../db/client';
import type { Mailer } from '../lib/mailer';
import type { Caller } from '../plugins/authentication';
import type { Realtime } from '../realtime/realtime';
import type { LinkSigner } from './links';
import { createLocalQueue, createRedisQueue, type JobQueue } from './queue';
import * as jobs from './repository';
import { writeExport } from './writers';

/**
 * Export jobs (DESIGN §8 "Downloads"): a request over the socket becomes a row in download_jobs
 * and a job in the queue (in process, or BullMQ with REDIS_URL: any process runs it); the job reads
 * the rows by keyset, streams them into a file under a temporary name, renames it when complete
 * and answers a signed link. Progress and the result reach the admin's room wherever their socket
 * is connected.
 */

/** Where an area's rows come from: its resource (with its export columns) and its own list parameters. */
export type ExportSource = { resource: Resource; extra?: ExtraListQuery };

export type DownloadsOptions = {
  db: Database;
  realtime: Realtime;
  log: FastifyBaseLogger;
  signer: LinkSigner;
  mailer: Mailer;
  /** Where files are kept: DATA_DIR/downloads. */
  dir: string;
  publicUrl: string;
  ttlSeconds: number;
  sources: (area: ReturnType<typeof areaOfModule>) => ExportSource;
  /** With REDIS_URL, the queue is BullMQ's, named after `deployment` (what every process shares). */
  redis?: { url: string; deployment: string };
  /** Jobs run at once per process (DESIGN §8: one or two). */
  concurrency?: number;
  /** A running job whose process has not beaten for this long is marked failed. */
  staleSeconds?: number;
  sweepIntervalMs?: number;
};

export type Downloads = {
  request: (caller: Caller, body: unknown) => Promise<DownloadAck>;
  list: (adminId: string) => Promise<Download[]>;
  /** Cancels a waiting or running download, or removes a finished one; false when it is not the admin's. */
  remove: (adminId: string, pk: string) => Promise<boolean>;
  /** The file of a done download, for its signed link. */
  fileOf: (pk: string) => Promise<{ path: string; name: string } | undefined>;
  close: () => Promise<void>;
};

/** How many of an admin's downloads may wait or run at once. */
export const MAX_UNFINISHED = 5;
const HEARTBEAT_MS = 2000;
const PROGRESS_EVERY_MS = 250;
const ABANDONED = 'The server stopped while this download was running';

const EXTENSIONS = { csv: 'csv', xlsx: 'xlsx', pdf: 'pdf' } as const;

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

export async function createDownloads(options: DownloadsOptions): Promise<Downloads> {
  const { db, realtime, log, signer, dir, ttlSeconds } = options;
  const staleSeconds = options.staleSeconds ?? 15;
  await mkdir(dir, { recursive: true });
  const running = new Map<string, AbortController>();
  const fileOnDisk = (row: Pick<jobs.JobRow, 'id' | 'type'>) =>
    path.join(dir, `${row.id}.${EXTENSIONS[row.type]}`);
  const toAdmin = (adminId: string) => realtime.io.to(realtime.adminRoom(adminId));
  const urlOf = (row: jobs.JobRow) =>
    row.state === 'done' && row.fileName && row.expiresAt
      ? signer.sign(row.id, row.fileName, Math.floor(row.expiresAt.getTime() / 1000))
      : null;

  /** Removes what a job left behind that never became a file: its temporary file. */
  const removePartial = (row: Pick<jobs.JobRow, 'id' | 'type'>) =>
    rm(`${fileOnDisk(row)}.part`, { force: true });

  async function run(pk: string): Promise<void> {
    const job = await jobs.claimJob(db, pk);
    if (!job) return;
    const controller = new AbortController();
    running.set(pk, controller);
    const room = toAdmin(job.adminId);
    const source = options.sources(areaOfModule(job.module as Parameters<typeof areaOfModule>[0]));
    const columns = source.resource.columns ?? [];
    let done = 0;
    let lastProgress = 0;
    const progress = () => {
      lastProgress = Date.now();
      room.emit(PROGRESS_EVENT, { pk, done, total: job.total });
    };
    progress();
    const heartbeat = setInterval(() => {
      jobs.beat(db, pk, done).then(
        (isAlive) => {
          if (!isAlive) controller.abort();
        },
        (error: unknown) => log.warn({ err: error, pk }, 'download heartbeat failed'),
      );
    }, HEARTBEAT_MS);
    try {
      const selection = await selectionOf(source, job.request);
      const rows = readSelection(db, source.resource, selection);
      const batches = (async function* () {
        for await (const batch of rows) {
          yield batch.map((row) => columns.map((column) => text(column.value(row))));
        }
      })();
      const written = await writeExport(
        job.type,
        fileOnDisk(job),
        columns.map(({ header, width }) => ({ header, width })),
        { title: job.title, filters: describeFilters(job.request.filters), generatedAt: new Date() },
        batches,
        {
          signal: controller.signal,
          onRows: (count) => {
            done = count;
            if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) progress();
          },
        },
      );
      done = written.rows;
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const fileName = `${job.title.replace(/[^A-Za-z0-9-]+/g, '-')}.${EXTENSIONS[job.type]}`;
      if (!(await jobs.finishJob(db, pk, { fileName, done, expiresAt }))) {
        // Cancelled while the file was being completed.
        await rm(fileOnDisk(job), { force: true });
        return;
      }
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const url = signer.sign(pk, fileName, expires);
      room.emit(PROGRESS_EVENT, { pk, done, total: done });
      room.emit(DOWNLOAD_EVENT, { status: 200, pk, url, expires });
      await mailIfWanted(job, url);
    } catch (error) {
      await removePartial(job);
      if (controller.signal.aborted) return;
      log.error({ err: error, pk }, 'download failed');
      await jobs.failJob(db, pk, MESSAGES.somethingWrong);
      room.emit(DOWNLOAD_EVENT, { status: 500, pk, message: MESSAGES.somethingWrong });
    } finally {
      clearInterval(heartbeat);
      running.delete(pk);
    }
  }

  async function mailIfWanted(job: jobs.JobRow, url: string) {
    try {
      const settings = await readSettings(db, job.adminId);
      if (!settings.export_ready_email) return;
      const to = await jobs.adminEmail(db, job.adminId);
      if (!to) return;
      const link = `${options.publicUrl}${url}`;
      await options.mailer.send({
        to,
        subject: `Your download is ready: ${job.title}`,
        text: `Your download "${job.title}" is ready:\n\n${link}\n\nThe link works for ${Math.round(ttlSeconds / 60)} minutes.`,
        html: `<p>Your download <strong>${escapeHtml(job.title)}</strong> is ready: <a href="${escapeHtml(link)}">download it</a>.</p><p>The link works for ${Math.round(ttlSeconds / 60)} minutes.</p>`,
      });
    } catch (error) {
      log.warn({ err: error, pk: job.id }, 'the download-ready mail was not sent');
    }
  }

  const queue: JobQueue = options.redis
    ? await createRedisQueue({ ...options.redis, run, concurrency: options.concurrency ?? 2, log })
    : createLocalQueue(run, options.concurrency ?? 2);

  async function sweep(isStart = false): Promise<void> {
    const abandoned = await jobs.failAbandoned(db, isStart && !options.redis ? 0 : staleSeconds, ABANDONED);
    for (const pk of abandoned) {
      const row = await jobs.findJob(db, pk);
      if (!row) continue;
      await removePartial(row);
      toAdmin(row.adminId).emit(DOWNLOAD_EVENT, { status: 500, pk, message: ABANDONED });
    }
    for (const row of await jobs.takeExpiredFiles(db)) await rm(fileOnDisk(row), { force: true });
  }

  // At an embedded start nothing else runs jobs: the running ones died with the last process and
  // the waiting ones were queued in its memory.
  await sweep(true);
  if (!options.redis) {
    for (const name of await readdir(dir))
      if (name.endsWith('.part')) await rm(path.join(dir, name), { force: true });
    for (const pk of await jobs.queuedJobs(db)) await queue.add(pk);
  }
  const sweeper = setInterval(() => {
    sweep().catch((error: unknown) => log.warn({ err: error }, 'download sweep failed'));
  }, options.sweepIntervalMs ?? 10_000);
  sweeper.unref();

  return {
    async request(caller, body) {
      const parsed = downloadRequestSchema.safeParse(body);
      if (!parsed.success) return { status: 400, message: firstIssue(parsed.error) };
      const { module, type, ids, filters } = parsed.data;
      if (!can(caller, module, 'read')) return { status: 403, message: MESSAGES.noAccess };
      const area = areaOfModule(module);
      const source = options.sources(area);
      let selection: ExportSelection;
      try {
        selection = await selectionOf(source, { ids, filters });
      } catch (error) {
        return { status: 400, message: (error as Error).message };
      }
      if (selection.query.status === 'DELETED' && !can(caller, module, 'delete'))
        return { status: 403, message: MESSAGES.noAccess };
      if ((await jobs.unfinishedCount(db, caller.id)) >= MAX_UNFINISHED)
        return { status: 429, message: `At most ${MAX_UNFINISHED} downloads can wait or run at once` };
      const total = await countSelection(db, source.resource, selection);
      if (type === 'pdf' && total > PDF_ROW_LIMIT) return { status: 413, message: PDF_TOO_LARGE };
      const row = await jobs.insertJob(db, {
        adminId: caller.id,
        module,
        type,
        title: downloadTitle(AREAS[area].labels.title, new Date()),
        total,
        request: { ids, filters: filters as Record<string, string> },
      });
      await queue.add(row.id);
      return { status: 202, download: jobs.toDownload(row, null) };
    },

    async list(adminId) {
      const rows = await jobs.listJobs(db, adminId);
      return rows.map((row) => jobs.toDownload(row, urlOf(row)));
    },

    async remove(adminId, pk) {
      const row = await jobs.deleteJob(db, adminId, pk);
      if (!row) return false;
      running.get(pk)?.abort();
      await queue.remove(pk);
      await rm(fileOnDisk(row), { force: true });
      return true;
    },

    async fileOf(pk) {
      const row = await jobs.findJob(db, pk);
      if (!row || row.state !== 'done' || !row.fileName) return undefined;
      return { path: fileOnDisk(row), name: row.fileName };
    },

    async close() {
      clearInterval(sweeper);
      for (const controller of running.values()) controller.abort();
      await queue.close();
    },
  };

  /** The stored request as the list's own query (checked like the list checks it). */
  async function selectionOf(
    source: ExportSource,
    request: jobs.JobRow['request'],
  ): Promise<ExportSelection> {
    const { area } = source.resource;
    const base = listQuerySchemaOf(area);
    const schema = source.extra ? base.and(source.extra.schema) : base;
    const parsed = schema.safeParse(request.filters);
    if (!parsed.success) throw new Error(firstIssue(parsed.error));
    return { query: parsed.data as ListQuery, ids: request.ids, conditions: source.extra?.conditions };
  }
}

function text(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

const FILTER_LABELS: Record<string, string> = {
  status: 'Status',
  searchphrase: 'Search',
  from_date: 'From',
  to_date: 'To',
  city: 'City',
  uid: 'User',
  userId: 'User',
  type: 'Type',
};

/** The filters as a PDF's heading line: "Status: ACTIVE · Search: paris". */
function describeFilters(filters: Record<string, string>): string {
  return Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== '' && value !== 'All')
    .map(([key, value]) => `${FILTER_LABELS[key] ?? key}: ${value}`)
    .join(' · ');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
