import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';

/**
 * Batched, streamed inserts. Rows are buffered per table and written as multi-row INSERTs; up to
 * `concurrency` statements are in flight at once (more than 1 only makes sense on a connection
 * pool), so generating the next batch overlaps with the database writing the previous one.
 */
export class Writer {
  private readonly inflight = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  constructor(
    readonly db: Database,
    private readonly concurrency: number,
  ) {}

  /** Starts `run` once a slot is free; resolves when it has started (not finished). */
  async submit(run: () => Promise<unknown>): Promise<void> {
    this.rethrow();
    while (this.inflight.size >= this.concurrency) await Promise.race(this.inflight);
    this.rethrow();
    const pending: Promise<void> = run()
      .then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= { error };
        },
      )
      .finally(() => this.inflight.delete(pending));
    this.inflight.add(pending);
  }

  /** Waits for every statement in flight; throws the first failure. */
  async drain(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all(this.inflight);
    this.rethrow();
  }

  private rethrow(): void {
    if (this.failure) throw this.failure.error;
  }
}

/**
 * One multi-row INSERT with one bind parameter per column, not per value:
 *   INSERT INTO t (a, b) SELECT c0::uuid, c1::text[] FROM unnest($1::text[], $2::text[]) AS u(c0, c1)
 * Each value goes through its column's own driver mapping (dates to ISO text, jsonb to JSON,
 * arrays to array literals) and is cast back by PostgreSQL. Building drizzle's
 * `insert().values()` for thousands of rows costs more than the database's work; this costs
 * next to nothing on either side.
 */
export function bulkInsert<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): SQL {
  const columns = getTableColumns(table);
  const first = rows[0];
  if (!first) throw new Error('bulkInsert needs at least one row');
  const keys = Object.keys(first).filter((key) => (first as Record<string, unknown>)[key] !== undefined);
  const names: SQL[] = [];
  const casts: SQL[] = [];
  const params: SQL[] = [];
  keys.forEach((key, i) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      if (value === null || value === undefined) return null;
      const driverValue: unknown = column.mapToDriverValue(value);
      return typeof driverValue === 'string' ? driverValue : String(driverValue);
    });
    names.push(sql`${sql.identifier(column.name)}`);
    casts.push(sql.raw(`c${i}::${column.getSQLType()}`));
    params.push(sql`${sql.param(values)}::text[]`);
  });
  const aliases = sql.raw(keys.map((_, i) => `c${i}`).join(', '));
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(casts, sql`, `)} from unnest(${sql.join(params, sql`, `)}) as u(${aliases})`;
}

export class Sink<T extends PgTable> {
  private buffer: T['$inferInsert'][] = [];
  private readonly batchSize: number;
  count = 0;

  constructor(
    private readonly writer: Writer,
    private readonly table: T,
    batchSize: number,
    private readonly onBatch?: (count: number) => void,
  ) {
    this.batchSize = batchSize;
  }

  /** Adds a row; returns a promise to await only when a batch was handed to the writer. */
  push(row: T['$inferInsert']): Promise<void> | undefined {
    this.buffer.push(row);
    this.count++;
    return this.buffer.length >= this.batchSize ? this.flush() : undefined;
  }

  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const rows = this.buffer;
    this.buffer = [];
    const { db } = this.writer;
    await this.writer.submit(() => db.execute(bulkInsert(this.table, rows)));
    this.onBatch?.(this.count);
    // PGlite answers without returning to the event loop; let timers and I/O (image files,
    // a server's health checks) run between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
