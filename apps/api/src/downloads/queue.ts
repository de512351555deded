import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Where download jobs wait (DESIGN §3): in this process's memory when embedded, in BullMQ with
 * REDIS_URL, so that any process runs a job queued by any other. A job is only its key: the row
 * in download_jobs holds the rest, and the runner claims it there.
 */
export type JobQueue = {
  add: (pk: string) => Promise<void>;
  /** Forgets a job that has not started (a started one notices its row is gone). */
  remove: (pk: string) => Promise<void>;
  close: () => Promise<void>;
};

type Run = (pk: string) => Promise<void>;

/** At most `concurrency` jobs at once, the rest in arrival order. */
export function createLocalQueue(run: Run, concurrency: number): JobQueue {
  const waiting: string[] = [];
  let active = 0;
  let isClosed = false;
  const next = () => {
    while (!isClosed && active < concurrency && waiting.length > 0) {
      const pk = waiting.shift()!;
      active++;
      run(pk).finally(() => {
        active--;
        next();
      });
    }
  };
  return {
    add: async (pk) => {
      waiting.push(pk);
      next();
    },
    remove: async (pk) => {
      const index = waiting.indexOf(pk);
      if (index >= 0) waiting.splice(index, 1);
    },
    close: async () => {
      isClosed = true;
      waiting.length = 0;
    },
  };
}

/**
 * BullMQ on REDIS_URL. The queue's name comes from the deployment (its database), so processes of
 * one deployment share it and no other deployment on the same Redis (a test's, say) takes its jobs.
 * A job whose process died is not retried: the stalled check drops it and the download sweep marks
 * its row failed.
 */
export async function createRedisQueue(options: {
  url: string;
  deployment: string;
  run: Run;
  concurrency: number;
  log: FastifyBaseLogger;
}): Promise<JobQueue> {
  // Loaded only in the scaled mode: an embedded start does not pay for BullMQ.
  const [{ Queue, Worker }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  const name = `roam-downloads-${createHash('sha256').update(options.deployment).digest('hex').slice(0, 16)}`;
  const connection = () => new Redis(options.url, { maxRetriesPerRequest: null });
  const queueConnection = connection();
  const workerConnection = connection();
  const queue = new Queue(name, { connection: queueConnection });
  const worker = new Worker(name, async (job) => options.run(String(job.data.pk)), {
    connection: workerConnection,
    concurrency: options.concurrency,
    maxStalledCount: 0,
    stalledInterval: 10_000,
  });
  worker.on('error', (error) => options.log.warn({ err: error }, 'download worker error'));
  await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
  return {
    add: async (pk) => {
      await queue.add('export', { pk }, { jobId: pk, removeOnComplete: true, removeOnFail: true });
    },
    remove: async (pk) => {
      const job = await queue.getJob(pk);
      if (job && (await job.isWaiting())) await job.remove().catch(() => undefined);
    },
    close: async () => {
      await worker.close();
      await queue.close();
      queueConnection.disconnect();
      workerConnection.disconnect();
    },
  };
}
