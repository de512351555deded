import type { RecordStatus } from '@roam/contract/status';
import { count, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { plannedPerCallRows, prepareRows, rowReaderOf } from '../../db/row-reader';
import { dayCounts, statusCounts } from '../../db/schema';
import { type DayFilters, daysOf } from './day-pages';
import { type Bind, Parameters, preparedStatement } from './prepared';

/** How many rows of a list are in each status, and whether that is counted, a floor or a guess. */
export type TileCounts = {
  counts: Record<RecordStatus, number>;
  /** More rows match than were counted (`countCap`): each count is a lower bound. */
  isCapped: boolean;
  /** Estimated from a sample of the table, not counted. */
  isEstimated: boolean;
};

/**
 * When a filtered list counts and when it estimates (DESIGN §6). A filtered count reads every
 * matching row (up to `countCap`), so on a large table a broad search costs tens of milliseconds
 * per request however the page itself is read. Such a table is first sampled: when the sample
 * says few rows match, they are counted exactly; when it says many do, the sample's figures are
 * the answer, said to be estimates.
 */
export type CountPolicy = {
  /** A filtered count stops after this many matches (then a lower bound, "10,000+"). */
  countCap: number;
  /** Tables of more rows than this (all statuses) are sampled before a filtered count. */
  sampleAbove: number;
  /** About how many rows the sample reads (a share of the table's pages). */
  sampleRows: number;
  /** A sample estimating at most this many matches (all statuses) is followed by an exact count. */
  exactBelow: number;
  /**
   * How long what a sample found stands for the same filters and values: its estimate (said to be
   * one) is answered again as it was, or a finding of few matches counted again, without sampling.
   */
  sampleKeptMs: number;
};

type Tally = readonly { status: string; n: number }[];

function tallied(rows: Tally): Record<RecordStatus, number> {
  const of = (status: RecordStatus) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { ACTIVE: of('ACTIVE'), INACTIVE: of('INACTIVE'), DELETED: of('DELETED') };
}

const sum = (counts: Record<RecordStatus, number>) => counts.ACTIVE + counts.INACTIVE + counts.DELETED;

/** The table's rows per status, kept on write (status_counts): never a count of the table. */
export async function keptCounts(db: Database, table: PgTable): Promise<Record<RecordStatus, number>> {
  const entity = getTableName(table);
  const statement = preparedStatement(db, `${entity} kept counts`, (name) => {
    const reader = rowReaderOf({ status: statusCounts.status, n: statusCounts.n });
    const query = db
      .select(reader.fields)
      .from(statusCounts)
      .where(eq(statusCounts.entity, sql.placeholder('entity')));
    return prepareRows(db, query, name, reader);
  });
  return tallied(await statement.execute({ entity }));
}

/**
 * The table's rows per status created on the whole UTC days of a date filter: exact, a sum of the
 * days' counters (day_counts, kept on write), never a count of the rows. A year is 365 counters.
 */
export async function keptDayCounts(
  db: Database,
  table: PgTable,
  days: Omit<DayFilters, 'status'>,
): Promise<Record<RecordStatus, number>> {
  const parameters = new Parameters();
  const where = daysOf(table, days, parameters.bind);
  const key = `${getTableName(table)} day counts ${parameters.shape()}`;
  const statement = preparedStatement(db, key, (name) => {
    const total = (column: PgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
    const reader = rowReaderOf({
      ACTIVE: total(dayCounts.active),
      INACTIVE: total(dayCounts.inactive),
      DELETED: total(dayCounts.deleted),
    });
    return prepareRows(db, db.select(reader.fields).from(dayCounts).where(where), name, reader);
  });
  const [counts] = await statement.execute(parameters.values);
  return counts ?? { ACTIVE: 0, INACTIVE: 0, DELETED: 0 };
}

type CountInput = {
  db: Database;
  table: PgTable;
  /** SQL yielding a row's status. */
  status: PgColumn | SQL;
  /** Every filter but status (present: an unfiltered list takes `keptCounts`). */
  filters: SQL;
  /** The filters' values, bound by name, and the names' key (see prepared.ts). */
  values: Record<string, unknown>;
  shape: string;
  bind: Bind;
  policy: CountPolicy;
};

/** The rows matching the filters per status, counted up to the cap. */
async function countCapped(input: CountInput): Promise<TileCounts> {
  const { db, table, status, filters, policy } = input;
  const cap = input.bind('cap', policy.countCap + 1);
  const statement = preparedStatement(db, `${getTableName(table)} counts ${input.shape}`, () => {
    const matches = db
      .select({ status: sql<string>`${status}`.as('status') })
      .from(table)
      .where(filters)
      .limit(cap as number)
      .as('matches');
    const reader = rowReaderOf({ status: matches.status, n: count() });
    return plannedPerCallRows(db, db.select(reader.fields).from(matches).groupBy(matches.status), reader);
  });
  const counts = tallied(await statement.execute(input.values));
  return { counts, isCapped: sum(counts) > policy.countCap, isEstimated: false };
}

/**
 * What a sample of the table found for some filters: its estimate, or (none) that few rows match,
 * so that they are counted.
 */
type Finding = { estimate?: Record<RecordStatus, number>; takenAt: number };

/** The most findings kept per database: the oldest is forgotten first. */
const FINDINGS_KEPT = 500;
const findingsOf = new WeakMap<Database, Map<string, Finding>>();

function findingsIn(db: Database): Map<string, Finding> {
  let findings = findingsOf.get(db);
  if (!findings) {
    findings = new Map();
    findingsOf.set(db, findings);
  }
  return findings;
}

/**
 * The share of the filters' matches per status in a sample of the table's pages (the same pages
 * every time, so the estimate does not flicker between calls).
 */
async function takeSample(input: CountInput, tableSize: number): Promise<Record<RecordStatus, number>> {
  const { db, table, status, filters, policy } = input;
  const percent = input.bind('samplePercent', Math.min(100, (100 * policy.sampleRows) / tableSize));
  const statement = preparedStatement(db, `${getTableName(table)} sample ${input.shape}`, () => {
    const reader = rowReaderOf({
      status: sql<string>`${status}`,
      matches: sql<number>`count(*) filter (where ${filters})`.mapWith(Number),
      sampled: sql<number>`count(*)`.mapWith(Number),
    });
    const query = db
      .select(reader.fields)
      .from(sql`${table} tablesample system (${percent}) repeatable (0)`)
      .groupBy(sql`1`);
    return plannedPerCallRows(db, query, reader);
  });
  const rows = await statement.execute(input.values);
  const sampled = rows.reduce((total, row) => total + row.sampled, 0);
  const share = (state: RecordStatus) => {
    const matches = rows.find((row) => row.status === state)?.matches ?? 0;
    return sampled === 0 ? 0 : matches / sampled;
  };
  return { ACTIVE: share('ACTIVE'), INACTIVE: share('INACTIVE'), DELETED: share('DELETED') };
}

/**
 * The tile counts of a filtered list under `policy`: exact (up to the cap) on a small table or
 * where the sample finds few matches; the sample's estimate where it finds many. What a sample
 * found stands for the same filters and values for `sampleKeptMs`: the page turns and tab switches
 * of a broad search then read neither the counters nor a sample. Exact counts are never kept: a
 * finding of few matches is counted again on every call.
 */
export async function filteredCounts(input: CountInput): Promise<TileCounts> {
  const findings = findingsIn(input.db);
  // The filters' values (dates as ISO strings) and the sample's size tell findings apart.
  const key = `${getTableName(input.table)} ${input.shape} ${input.policy.sampleRows} ${JSON.stringify(input.values)}`;
  const now = performance.now();
  const kept = findings.get(key);
  if (kept && now - kept.takenAt < input.policy.sampleKeptMs) {
    return kept.estimate ? { counts: kept.estimate, isCapped: false, isEstimated: true } : countCapped(input);
  }
  const tableSize = sum(await keptCounts(input.db, input.table));
  if (tableSize <= input.policy.sampleAbove) return countCapped(input);
  const shares = await takeSample(input, tableSize);
  const scaled = (state: RecordStatus) => Math.round(shares[state] * tableSize);
  const estimate = { ACTIVE: scaled('ACTIVE'), INACTIVE: scaled('INACTIVE'), DELETED: scaled('DELETED') };
  const isFew = sum(estimate) <= input.policy.exactBelow;
  findings.delete(key);
  findings.set(key, { estimate: isFew ? undefined : estimate, takenAt: now });
  if (findings.size > FINDINGS_KEPT) findings.delete(findings.keys().next().value as string);
  return isFew ? countCapped(input) : { counts: estimate, isCapped: false, isEstimated: true };
}
