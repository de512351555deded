import autocannon from 'autocannon';
import type { RunCpu } from './cpu';

/** One load run: what a user feels (latency percentiles) and what the server sustains (requests/s). */
export type LoadResult = {
  connections: number;
  durationSeconds: number;
  requests: number;
  /** Responses that were not 2xx, plus connection errors and timeouts. */
  failures: number;
  /** The failures by status code ('error' for a connection error or a failed statement). */
  failureStatuses: Record<string, number>;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** The CPU time the run cost, where it was read (cpu.ts). */
  cpu?: RunCpu;
};

/** How a scenario is loaded: concurrency and how long each measured run should last. */
export type LoadSettings = {
  connections: number;
  durationSeconds: number;
  /**
   * Requests sent first and not counted (connections open, caches and plans warm): one after
   * another at 1 connection, spread over the connections at 50.
   */
  warmup: number;
  /** Each connection sends at least this many requests, however slow they are. */
  minRounds: number;
};

/** A measured run: a fixed number of requests over a fixed number of connections, all answered. */
export type LoadRun = { connections: number; requests: number };

/**
 * The warm-up at `settings.connections` before a measured run there (the pools grow to their size,
 * the hot paths compile): `settings.warmup` requests, bounded to about a second at twice the single
 * connection's rate, and at least one per connection. The measured run is then sized from its rate.
 */
export function planConcurrentWarmup(settings: LoadSettings, singlePerSecond: number): LoadRun {
  const requests = Math.min(settings.warmup, Math.round(singlePerSecond * 2));
  return { connections: settings.connections, requests: Math.max(settings.connections, requests) };
}

/** A warm-up round at 50 connections: long enough that one round's rate says something. */
const WARMUP_ROUND_SECONDS = 1;
/** A round at most this much faster than the one before: the side is warm. */
const STEADY_GAIN = 0.05;
/** Rounds after the first warm-up run, at most: a side still speeding up after them is measured so. */
const MAX_WARMUP_ROUNDS = 8;

/**
 * Warms one side (the API over HTTP, or its SQL) at `settings.connections` until its rate has
 * stopped rising: the first warm-up run (`planConcurrentWarmup`), then rounds of about a second,
 * until a round is less than 5% faster than the one before. The API's process speeds up for
 * seconds after it starts (its code is compiled as it runs): at 50 connections on the users list
 * its rate went 520, 730, 1,040, 1,100, 1,410, 1,680, 2,010, then about 2,500/s, second by second,
 * and a fixed 1,000 requests of warm-up left a call measured on that slope. Returns the last
 * round, whose rate sizes the measured runs.
 */
export async function warmUntilSteady(
  load: (run: LoadRun) => Promise<LoadResult>,
  settings: LoadSettings,
  singlePerSecond: number,
): Promise<LoadResult> {
  let last = await load(planConcurrentWarmup(settings, singlePerSecond));
  const round = { ...settings, durationSeconds: WARMUP_ROUND_SECONDS, minRounds: 1 };
  for (let index = 0; index < MAX_WARMUP_ROUNDS; index++) {
    const next = await load(planRun(round, last.requestsPerSecond));
    const isSteady = next.requestsPerSecond < last.requestsPerSecond * (1 + STEADY_GAIN);
    last = next;
    if (isSteady) break;
  }
  return last;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

function summarise(
  latencies: number[],
  connections: number,
  elapsedMs: number,
  failureStatuses: Record<string, number>,
): LoadResult {
  latencies.sort((a, b) => a - b);
  const durationSeconds = elapsedMs / 1000;
  return {
    connections,
    durationSeconds: Math.round(durationSeconds * 100) / 100,
    requests: latencies.length,
    failures: Object.values(failureStatuses).reduce((sum, n) => sum + n, 0),
    failureStatuses,
    requestsPerSecond: latencies.length / durationSeconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
  };
}

/** Mean time of `count` sequential calls of `task` (after which it is warm). */
export async function warmUp(task: () => Promise<unknown>, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await task();
  return (performance.now() - started) / Math.max(1, count);
}

/**
 * How many requests make a run of about `settings.durationSeconds` at `settings.connections`,
 * from a rate seen before (the warm-up's, or the single-connection run's); at least
 * `minRounds` per connection, at most ten minutes' worth.
 */
export function planRun(settings: LoadSettings, expectedPerSecond: number): LoadRun {
  const wanted = Math.round(expectedPerSecond * settings.durationSeconds);
  const requests = Math.min(
    Math.max(wanted, settings.connections * settings.minRounds),
    Math.max(1, expectedPerSecond * 600),
  );
  return {
    connections: settings.connections,
    requests: Math.max(settings.connections, Math.round(requests)),
  };
}

function runAutocannon(
  options: autocannon.Options,
  onResponse: (statusCode: number, responseTime: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on('response', (_client, statusCode, _bytes, responseTime) =>
      onResponse(statusCode, responseTime),
    );
  });
}

/**
 * GET `url` with autocannon: `run.requests` requests over `run.connections` connections, each
 * waiting for its answer before sending the next (no pipelining), every answer awaited (so slow
 * answers are counted, not cut off at a deadline). Latency is each response's own time.
 */
export async function loadHttp(
  url: string,
  headers: Record<string, string>,
  run: LoadRun,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const started = performance.now();
  // autocannon notices the last answer only at its next one-second tick: the run ends at that answer.
  let lastAnswer = started;
  const result = await runAutocannon(
    { url, headers, connections: run.connections, pipelining: 1, timeout: 120, amount: run.requests },
    (status, time) => {
      lastAnswer = performance.now();
      if (status >= 200 && status < 300) latencies.push(time);
      else failures[status] = (failures[status] ?? 0) + 1;
    },
  );
  if (result.errors > 0) failures.error = result.errors;
  return summarise(latencies, run.connections, lastAnswer - started, failures);
}

/**
 * The same shape of load for work that is not HTTP (the list's SQL sent straight to the
 * database): `run.connections` loops, each doing its share of `run.requests` one after another.
 */
export async function loadLoop(task: () => Promise<unknown>, run: LoadRun): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: run.connections }, async (_, loop) => {
      const share =
        Math.floor(run.requests / run.connections) + (loop < run.requests % run.connections ? 1 : 0);
      for (let i = 0; i < share; i++) {
        const begun = performance.now();
        try {
          await task();
          latencies.push(performance.now() - begun);
        } catch {
          failures++;
        }
      }
    }),
  );
  return summarise(
    latencies,
    run.connections,
    performance.now() - started,
    failures ? { error: failures } : {},
  );
}

/** Latency of a batch of one-off calls run `concurrency` at a time (writes: each call is different). */
export async function runConcurrently<T>(
  inputs: readonly T[],
  concurrency: number,
  call: (input: T) => Promise<number>,
): Promise<{ statuses: number[]; latencies: number[]; elapsedMs: number }> {
  const statuses: number[] = new Array(inputs.length);
  const latencies: number[] = new Array(inputs.length);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, inputs.length) }, async () => {
      while (next < inputs.length) {
        const index = next++;
        const begun = performance.now();
        statuses[index] = await call(inputs[index]!);
        latencies[index] = performance.now() - begun;
      }
    }),
  );
  return { statuses, latencies, elapsedMs: performance.now() - started };
}

export function latencySummary(latencies: readonly number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99) };
}
