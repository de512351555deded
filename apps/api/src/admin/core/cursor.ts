import { LAST_PAGE_CURSOR, type ListSort } from '@roam/contract/lists';
import { type AnyColumn, is, type SQL, sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../../lib/http-error';
import { isUuid } from './list-filters';
import type { Bind } from './prepared';

/**
 * Paging by cursor (DESIGN §4, the contract's `after` and `before`): a page is read from a row's
 * place in the list's order, so that a deep page walks the order's index from there instead of
 * counting past every row before it (OFFSET). A cursor holds the row's sort key as PostgreSQL
 * writes it (a timestamp's microseconds included, which the API's ISO strings drop), its id and the
 * order it belongs to, as base64url JSON: opaque to callers, checked when it comes back.
 */

/** A list's order as a keyset walks it: the sort key's column (or expression), the id breaking ties. */
export type KeysetOrder = {
  /** The order's `sort` value; newest first is `-createdAt`. */
  sort: ListSort;
  column: PgColumn | SQL;
  id: AnyColumn;
  isDescending: boolean;
};

/** A row's place in its order: its sort key as text (null for a null key) and its id. */
export type RowKey = { key: string | null; id: string };

/** Where a page is read from: by skip, after a row, before a row, or back from the end. */
export type PageStart = { from: 'skip' } | { from: 'after' | 'before'; row: RowKey } | { from: 'end' };

/** The two columns a page also selects, to give its cursors: the key at full precision, the id. */
export type CursorColumns = { cursorKey: string | null; cursorId: string };

export function cursorColumns(order: KeysetOrder) {
  return {
    cursorKey: sql<string | null>`${order.column}::text`,
    cursorId: sql<string>`${order.id}::text`,
  };
}

export function encodeCursor(order: KeysetOrder, row: CursorColumns): string {
  return Buffer.from(JSON.stringify({ s: order.sort, k: row.cursorKey, i: row.cursorId })).toString(
    'base64url',
  );
}

/** The SQL type of the order's key: a column's own; a status expression's is text. */
const keyTypeOf = (order: KeysetOrder): string =>
  is(order.column, PgColumn) ? order.column.getSQLType() : 'text';

/** A status expression yields ACTIVE, INACTIVE or DELETED, never null; a column may allow null. */
const isNullable = (order: KeysetOrder): boolean => is(order.column, PgColumn) && !order.column.notNull;

// A timestamp as PostgreSQL writes one in its ISO style: '2026-11-25 04:22:26.123456+00'.
const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

function isTimestampText(text: string): boolean {
  const match = TIMESTAMP_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day, hours, minutes, seconds] = match.slice(1, 7).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hours! < 24 &&
    minutes! < 60 &&
    seconds! < 60
  );
}

/** Whether PostgreSQL reads `text` as a value of the key's type (so a crafted cursor is a 400, not a 500). */
function isKeyText(type: string, text: string): boolean {
  if (type.startsWith('timestamp')) return isTimestampText(text);
  if (type === 'uuid') return isUuid(text);
  return type === 'text' || type.startsWith('varchar');
}

/**
 * The place a cursor names in `order`: 400 naming `param` when the text is not one of this list's
 * cursors, or one of another order.
 */
export function readCursor(order: KeysetOrder, param: 'after' | 'before', text: string): RowKey {
  // Made only when thrown: an error captures its stack, a cost every deep page would pay.
  const notACursor = () =>
    badRequest(`${param} is not a cursor of this list (use nextCursor or prevCursor from its answer)`);
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw notACursor();
  }
  if (typeof body !== 'object' || body === null) throw notACursor();
  const { s, k, i } = body as Record<string, unknown>;
  if (typeof s !== 'string' || typeof i !== 'string' || !isUuid(i)) throw notACursor();
  if (s !== order.sort) {
    throw badRequest(`${param} is a cursor of the order sort=${s}, not of this list's sort=${order.sort}`);
  }
  if (k === null && isNullable(order)) return { key: null, id: i };
  if (typeof k !== 'string' || !isKeyText(keyTypeOf(order), k)) throw notACursor();
  return { key: k, id: i };
}

/** Where the query's `after` or `before` starts its page (the contract allows one of them). */
export function readPageStart(order: KeysetOrder, query: { after?: string; before?: string }): PageStart {
  if (query.after !== undefined) return { from: 'after', row: readCursor(order, 'after', query.after) };
  if (query.before === LAST_PAGE_CURSOR) return { from: 'end' };
  if (query.before !== undefined) return { from: 'before', row: readCursor(order, 'before', query.before) };
  return { from: 'skip' };
}

/**
 * The rows strictly past `row` when the order is walked descending (`desc nulls last`) or ascending
 * (`asc nulls first`), as sortedBy writes them. A key that cannot be null compares as a row value,
 * `(key, id) < (k, i)`, which bounds the walk of the (key, id) index; a nullable key spells out
 * where its nulls sit, both for a null and for a non-null `k`.
 */
export function keysetCondition(order: KeysetOrder, row: RowKey, isDescending: boolean, bind: Bind): SQL {
  const { column, id } = order;
  const past = sql.raw(isDescending ? '<' : '>');
  const idValue = sql`${bind('cursorId', row.id)}::uuid`;
  if (row.key === null) {
    // Nulls come last walking down, first walking up.
    return isDescending
      ? sql`(${column} is null and ${id} ${past} ${idValue})`
      : sql`(${column} is not null or (${column} is null and ${id} ${past} ${idValue}))`;
  }
  const key = sql`${bind('cursorKey', row.key)}::${sql.raw(keyTypeOf(order))}`;
  if (!isNullable(order)) return sql`(${column}, ${id}) ${past} (${key}, ${idValue})`;
  const pastKey = sql`${column} ${past} ${key} or (${column} = ${key} and ${id} ${past} ${idValue})`;
  return isDescending ? sql`(${pastKey} or ${column} is null)` : sql`(${pastKey})`;
}

/**
 * How a page is read: in the list's order or the reverse (a page before a row, the last page), past
 * which row, and the text that tells its statement apart from the others' (see prepared.ts).
 */
export type PageWalk = { isReversed: boolean; condition: SQL | undefined; shape: string };

export function pageWalk(order: KeysetOrder, start: PageStart, bind: Bind): PageWalk {
  switch (start.from) {
    case 'skip':
      return { isReversed: false, condition: undefined, shape: 'skip' };
    case 'end':
      return { isReversed: true, condition: undefined, shape: 'end' };
    case 'after':
      return {
        isReversed: false,
        condition: keysetCondition(order, start.row, order.isDescending, bind),
        shape: 'after',
      };
    case 'before':
      return {
        isReversed: true,
        condition: keysetCondition(order, start.row, !order.isDescending, bind),
        shape: 'before',
      };
  }
}

export type PageCursors = { nextCursor: string | null; prevCursor: string | null };

/**
 * The page out of the rows read (`pageSize` + 1 of them, so that one more row tells whether the
 * walk goes on), in the list's order, with its cursors. `lastPageSize` is how many rows the last
 * page holds (read from the end), `skip` how many rows a page read by skip comes after.
 */
export function cutPage<Row extends CursorColumns>(
  order: KeysetOrder,
  start: PageStart,
  read: Row[],
  { pageSize, lastPageSize, skip }: { pageSize: number; lastPageSize: number; skip: number },
): PageCursors & { rows: Row[] } {
  const size = start.from === 'end' ? Math.min(lastPageSize, pageSize) : pageSize;
  const isMore = read.length > size;
  const taken = read.slice(0, size);
  const rows = start.from === 'end' || start.from === 'before' ? taken.reverse() : taken;
  const first = rows[0];
  const last = rows.at(-1);
  const cursor = (row: Row | undefined) => (row ? encodeCursor(order, row) : null);
  switch (start.from) {
    case 'skip':
      return { rows, nextCursor: isMore ? cursor(last) : null, prevCursor: skip > 0 ? cursor(first) : null };
    case 'after':
      return { rows, nextCursor: isMore ? cursor(last) : null, prevCursor: cursor(first) };
    case 'before':
      return { rows, nextCursor: cursor(last), prevCursor: isMore ? cursor(first) : null };
    case 'end':
      return { rows, nextCursor: null, prevCursor: isMore ? cursor(first) : null };
  }
}
