import type { AreaName } from '@roam/contract/areas';
import { and, count, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plannedPerCallRows, rowReaderOf } from '../../db/row-reader';
import { allOf, newestFirst } from './list-filters';
import {
  type ExtraConditions,
  filterConditions,
  type ListQuery,
  type Resource,
  selectView,
  standardColumns,
  statusFilter,
} from './resource';

/**
 * What a download reads (DESIGN §8): an area's rows, the selected ones or every row its list's
 * filters match, newest first like the list, in batches read by keyset on (created_at, id) so that
 * neither the database (no OFFSET) nor the process (one batch at a time) does more per row as the
 * export grows.
 */

/** One column of an area's export: its header and the readable value of a row (SPEC §2's columns). */
export type ExportColumn<Out> = {
  header: string;
  /** (A method, so an area's resource still reads as a Resource of unknown rows.) */
  value(row: Out): string | number | boolean | null | undefined;
  /** Relative width in a PDF (default 1). */
  width?: number;
};

export type ExportSelection = {
  /** The list's query: its filters and status. */
  query: ListQuery;
  /** The selected rows' `_id`s; empty means every row the query matches. */
  ids: readonly string[];
  /** The area's own list parameters, as its list applies them. */
  conditions?: ExtraConditions;
};

/**
 * Rows read at a time. Small enough that a batch is written and dropped before the young
 * generation's next collection: batches of 2,000 outlived it and were copied, and a CSV of 50,000
 * users took a fifth longer with them than with 500 (the next batch is read while one is written, so
 * the extra round trips cost no time).
 */
const BATCH_SIZE = 500;

function whereOf(resource: Resource, selection: ExportSelection): SQL | undefined {
  const { id } = standardColumns(resource.table);
  return allOf([
    filterConditions(resource, selection.query, undefined, selection.conditions),
    statusFilter(resource, selection.query.status),
    selection.ids.length > 0 ? inArray(id, [...selection.ids]) : undefined,
  ]);
}

/** How many rows the selection holds: the job's total, and the PDF's limit. */
export async function countSelection(
  db: Database,
  resource: Resource,
  selection: ExportSelection,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(resource.table).where(whereOf(resource, selection));
  return Number(row?.n ?? 0);
}

/**
 * The selection's rows in the list's shape, newest first, `batchSize` at a time. The next batch is
 * asked for as soon as the current one has arrived (its key is the current batch's last row), so
 * the database reads it while the writer writes this one: at most two batches are held.
 */
export async function* readSelection<Out>(
  db: Database,
  resource: Resource<AreaName, Out>,
  selection: ExportSelection,
  batchSize = BATCH_SIZE,
): AsyncGenerator<Out[]> {
  const { id, createdAt } = standardColumns(resource.table);
  const where = whereOf(resource, selection);
  // The key is read as text so that it keeps PostgreSQL's microseconds (a JS Date would not).
  const key = { keyCreatedAt: sql<string>`${createdAt}::text`, keyId: sql<string>`${id}::text` };
  type Row = Record<string, unknown> & { keyCreatedAt: string; keyId: string };
  const select = { ...resource.select, ...key };
  const reader = rowReaderOf(select);
  // Two statements built once: the first batch, and the one after a key (its values bound per
  // batch). Building the SQL again for each batch cost a CSV of 50,000 rows a tenth of its time.
  const batch = (after?: SQL) =>
    plannedPerCallRows(
      db,
      selectView(db, resource.table, { ...resource, select })
        .where(and(where, after))
        .orderBy(...newestFirst(createdAt, id))
        .limit(batchSize),
      reader,
    );
  const first = batch();
  const following = batch(
    sql`(${createdAt}, ${id}) < (${sql.placeholder('keyCreatedAt')}::timestamptz, ${sql.placeholder('keyId')}::uuid)`,
  );
  const read = (after?: Row): Promise<Row[]> =>
    (after
      ? following.execute({ keyCreatedAt: after.keyCreatedAt, keyId: after.keyId })
      : first.execute()) as Promise<Row[]>;
  let next: Promise<Row[]> | null = read();
  try {
    while (next) {
      const rows: Row[] = await next;
      next = rows.length === batchSize ? read(rows[rows.length - 1]) : null;
      if (rows.length === 0) return;
      yield rows.map((row) => resource.toApi(row));
    }
  } finally {
    // Stopped early (cancelled, failed): the read already under way is not awaited by anyone.
    next?.catch(() => {});
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

// A time as the rows hold it: the contract's ISO string in UTC.
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/;

/** A stored time as a download shows it (SPEC §9): DD/MM/YYYY, hh:mm a, in UTC. */
export function exportDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  // A row's ISO string is read where it stands: a million rows' Dates cost half a second.
  if (typeof value === 'string' && ISO_UTC.test(value)) {
    const hours = Number(value.slice(11, 13));
    const day = `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
    return `${day}, ${pad(hours % 12 || 12)}:${value.slice(14, 16)} ${hours < 12 ? 'am' : 'pm'}`;
  }
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const hours = at.getUTCHours();
  const day = `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
  return `${day}, ${pad(hours % 12 || 12)}:${pad(at.getUTCMinutes())} ${hours < 12 ? 'am' : 'pm'}`;
}

/** A status as a reader says it: ACTIVE -> Active. */
export function exportStatus(status: string): string {
  return status.charAt(0) + status.slice(1).toLowerCase();
}

/** First and last name, or '' for nobody. */
export function exportName(person: { fullname: string; lastname: string } | null | undefined): string {
  return person ? `${person.fullname} ${person.lastname}`.trim() : '';
}

/** The columns every export ends with: the status and when the row was created. */
export function statusAndCreated<
  Out extends { status: string; createdAt: string | Date },
>(): ExportColumn<Out>[] {
  return [
    { header: 'Status', value: (row) => exportStatus(row.status), width: 0.8 },
    { header: 'Created at', value: (row) => exportDateTime(row.createdAt), width: 1.2 },
  ];
}
