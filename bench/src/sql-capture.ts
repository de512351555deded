/**
 * Loaded into the API child (`node --import tsx --import bench/src/sql-capture.ts ...`) only for
 * the capture pass, never for a measured one. While the bench asks (IPC message `start`), it
 * records every statement the server sends through `pg` or PGlite: text, parameters, row mode,
 * and when it started and finished, so the bench can replay exactly the same SQL in the same
 * order and overlap straight against the database.
 */
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { CapturedQuery, CaptureMessage } from './sql-replay';

const requireFromApi = createRequire(new URL('../../apps/api/package.json', import.meta.url));
const pgModule = requireFromApi('pg') as typeof pg;

let recording: CapturedQuery[] | undefined;

type QueryArgs = unknown[];

/** A query object pg runs as it is (the API's own: apps/api/src/db/pg-rows.ts). */
type Submitted = {
  submit: unknown;
  text: string;
  name?: string;
  values?: unknown[];
  handleReadyForQuery: (...args: unknown[]) => unknown;
};
const isSubmitted = (value: unknown): value is Submitted =>
  typeof value === 'object' && value !== null && typeof (value as { submit?: unknown }).submit === 'function';

function describeQuery(args: QueryArgs): Omit<CapturedQuery, 'start' | 'end'> | undefined {
  const [first, second] = args;
  if (isSubmitted(first)) {
    return {
      text: first.text,
      name: first.name,
      values: first.values ?? [],
      // Its rows come as arrays of values.
      rowMode: 'array',
    };
  }
  if (typeof first === 'string') {
    const options = args[2] as { rowMode?: string } | undefined;
    return {
      text: first,
      values: Array.isArray(second) ? second : [],
      rowMode: typeof options === 'object' && options?.rowMode === 'array' ? 'array' : undefined,
    };
  }
  if (typeof first === 'object' && first !== null && typeof (first as { text?: unknown }).text === 'string') {
    const config = first as { text: string; name?: string; values?: unknown[]; rowMode?: string };
    return {
      text: config.text,
      name: config.name,
      values: Array.isArray(second) ? second : (config.values ?? []),
      rowMode: config.rowMode === 'array' ? 'array' : undefined,
    };
  }
  return undefined;
}

function recordCalls<T extends (...args: QueryArgs) => unknown>(original: T): T {
  return function capturing(this: unknown, ...args: QueryArgs) {
    const described = recording ? describeQuery(args) : undefined;
    if (!recording || !described) return original.apply(this, args);
    const entry: CapturedQuery = { ...described, start: performance.now(), end: Number.NaN };
    recording.push(entry);
    const finish = () => {
      entry.end = performance.now();
    };
    const [first] = args;
    if (isSubmitted(first)) {
      // It has run once PostgreSQL is ready for the next statement.
      const ready = first.handleReadyForQuery;
      first.handleReadyForQuery = function (this: unknown, ...readyArgs: unknown[]) {
        finish();
        return ready.apply(this, readyArgs);
      };
      return original.apply(this, args);
    }
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      // pg's pool hands the client a callback and expects no promise back.
      args[last] = (...results: unknown[]) => {
        finish();
        return (callback as (...a: unknown[]) => unknown)(...results);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(finish, finish);
    else finish();
    return result;
  } as T;
}

const clientPrototype = pgModule.Client.prototype as unknown as { query: (...args: QueryArgs) => unknown };
clientPrototype.query = recordCalls(clientPrototype.query);
const pglitePrototype = PGlite.prototype as unknown as { query: (...args: QueryArgs) => unknown };
pglitePrototype.query = recordCalls(pglitePrototype.query);

process.on('message', (message: CaptureMessage) => {
  if (message.type === 'start') {
    recording = [];
    process.send?.({ type: 'started' } satisfies CaptureMessage);
  } else if (message.type === 'stop') {
    const queries = recording ?? [];
    recording = undefined;
    process.send?.({ type: 'queries', queries } satisfies CaptureMessage);
  }
});
