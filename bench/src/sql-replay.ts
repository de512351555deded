import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** A statement the API sent while one request was served, with when it ran (ms, the child's clock). */
export type CapturedQuery = {
  text: string;
  /** The name the API prepared the statement under (PostgreSQL parses and plans it once per connection). */
  name?: string;
  values: unknown[];
  rowMode?: 'array';
  start: number;
  end: number;
};

/** Messages between the bench and the capture hook in the API child (sql-capture.ts). */
export type CaptureMessage =
  | { type: 'start' }
  | { type: 'started' }
  | { type: 'stop' }
  | { type: 'queries'; queries: CapturedQuery[] };

export type Statement = Pick<CapturedQuery, 'text' | 'name' | 'values' | 'rowMode'>;

/**
 * A request's statements in waves: the statements of one wave overlapped in the API (they ran in
 * parallel, e.g. a page of rows and its tile counts), and a wave began only after the one before it
 * had finished (e.g. the caller's account lookup, then the list). Replaying the waves in order,
 * each wave's statements at once, asks of the database exactly what the request asked of it.
 */
export function toWaves(queries: readonly CapturedQuery[]): Statement[][] {
  const waves: Statement[][] = [];
  let waveEnd = Number.NEGATIVE_INFINITY;
  for (const query of [...queries].sort((a, b) => a.start - b.start)) {
    const statement: Statement = {
      text: query.text,
      name: query.name,
      values: query.values,
      rowMode: query.rowMode,
    };
    if (query.start < waveEnd && waves.length > 0) waves.at(-1)!.push(statement);
    else waves.push([statement]);
    waveEnd = Math.max(waveEnd, Number.isNaN(query.end) ? query.start : query.end);
  }
  return waves;
}

/** A list call as the bench's carrier serves it (carrier-server.ts): its SQL and the API's answer. */
export type CarriedCall = { waves: Statement[][]; answer: string };

export type Executor = (statement: Statement) => Promise<unknown>;

/** The statements sent as the API sent them: a named one prepared under its name on each connection. */
export function postgresExecutor(pool: pg.Pool): Executor {
  return ({ text, name, values, rowMode }) =>
    rowMode === 'array'
      ? pool.query({ text, name, values, rowMode: 'array' })
      : pool.query({ text, name, values });
}

export function pgliteExecutor(database: PGlite): Executor {
  return (statement) =>
    database.query(statement.text, statement.values, { rowMode: statement.rowMode ?? 'object' });
}

/** One request's worth of SQL: its waves in order, each wave's statements at once. */
export function replayRequest(waves: readonly Statement[][], execute: Executor): () => Promise<void> {
  return async () => {
    for (const wave of waves) await Promise.all(wave.map(execute));
  };
}

type PlanNode = {
  'Node Type': string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
};

/** Rows a plan's scans read (returned or filtered away), over all loops: the work a statement does. */
function countRowsRead(node: PlanNode): number {
  const loops = node['Actual Loops'] ?? 1;
  const isScan = / Scan$/.test(node['Node Type']) && node['Node Type'] !== 'Bitmap Index Scan';
  const own = isScan
    ? ((node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
      loops
    : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + countRowsRead(child), 0);
}

/** What a statement of a list call is for: the caller's account, the page of rows, or the tile counts. */
export type StatementWork = { kind: 'account' | 'page' | 'counts'; rowsRead: number; ms: number };

function classifyStatement(text: string): StatementWork['kind'] {
  const lower = text.toLowerCase();
  if (/\bcount\(/.test(lower)) return 'counts';
  if (/\blimit\b/.test(lower)) return 'page';
  if (lower.includes('"session_version"')) return 'account';
  return 'counts';
}

/** EXPLAIN ANALYZE of each statement of a request: how many rows it reads, in how long. */
export async function explainRequest(
  execute: Executor,
  waves: readonly Statement[][],
): Promise<StatementWork[]> {
  const work: StatementWork[] = [];
  for (const statement of waves.flat()) {
    const result = (await execute({
      text: `explain (analyze, format json) ${statement.text}`,
      values: statement.values,
    })) as { rows: { 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] }[] };
    const [plan] = result.rows[0]!['QUERY PLAN'];
    work.push({
      kind: classifyStatement(statement.text),
      rowsRead: countRowsRead(plan!.Plan),
      ms: plan!['Execution Time'],
    });
  }
  return work;
}
