import type { ListQuery } from '@roam/contract/lists';
import type { RecordStatus } from '@roam/contract/status';
import { type AnyColumn, and, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { type Bind, inline } from './prepared';

/** Escapes LIKE's wildcards so that %, _ and \ in a search match themselves. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Each condition below takes its values through `bind` (inline by default): a list binds them as
 * named placeholders (see prepared.ts), one name per form of condition.
 */

/** The LIKE pattern of a search: the phrase trimmed and lowered, anywhere in the text; none if empty. */
function searchPattern(phrase: string, bind: Bind) {
  const term = phrase.trim().toLowerCase();
  return term ? bind('search', `%${escapeLike(term)}%`) : undefined;
}

/** Case-insensitive substring over the columns (lowered on every row: for tables without a search text). */
export function searchCondition(
  columns: readonly AnyColumn[],
  phrase: string,
  bind: Bind = inline,
): SQL | undefined {
  const pattern = searchPattern(phrase, bind);
  if (pattern === undefined || columns.length === 0) return undefined;
  return or(...columns.map((column) => sql`lower(${column}) like ${pattern}`));
}

/** Case-insensitive substring in a table's search text (schema.ts `searchText`: already lowered). */
export function searchTextCondition(
  searchText: AnyColumn,
  phrase: string,
  bind: Bind = inline,
): SQL | undefined {
  const pattern = searchPattern(phrase, bind);
  return pattern === undefined ? undefined : sql`${searchText} like ${pattern}`;
}

/** from_date and to_date are whole days, inclusive, in UTC. */
export function dateConditions(
  createdAt: AnyColumn,
  query: Pick<ListQuery, 'from_date' | 'to_date'>,
  bind: Bind = inline,
): SQL[] {
  const conditions: SQL[] = [];
  if (query.from_date) {
    conditions.push(gte(createdAt, bind('from', new Date(`${query.from_date}T00:00:00.000Z`))));
  }
  if (query.to_date) {
    const dayAfter = new Date(`${query.to_date}T00:00:00.000Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    conditions.push(lt(createdAt, bind('before', dayAfter)));
  }
  return conditions;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A user key (uid, userId) is their `_id` when it is a UUID, else their `userID`. */
export const isUuid = (key: string): boolean => UUID_PATTERN.test(key);

/** uid / userId: a user's `_id` (UUID) or their `userID`. */
export function ownerCondition(owner: AnyColumn, userKey: string, bind: Bind = inline): SQL {
  if (isUuid(userKey)) return eq(owner, bind('owner', userKey));
  const userID = bind('ownerUserID', userKey);
  return inArray(owner, sql`(select ${users.id} from ${users} where ${users.userId} = ${userID})`);
}

export function statusCondition(
  statusExpression: SQL | AnyColumn,
  status: RecordStatus | 'All',
  bind: Bind = inline,
): SQL | undefined {
  return status === 'All' ? undefined : sql`${statusExpression} = ${bind('status', status)}`;
}

export function allOf(conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

/**
 * Ordered by a column, the id breaking ties so that pages neither repeat nor lose rows. The
 * (column, id) indexes are DESC NULLS LAST (Drizzle's `.desc()`): `desc nulls last` walks one
 * forward and `asc nulls first` backward. A plain `desc` means NULLS FIRST to PostgreSQL (and a
 * plain `asc` NULLS LAST), so it could not walk those indexes and would sort the whole table for
 * one page.
 */
export function sortedBy(column: AnyColumn | SQL, id: AnyColumn, isDescending: boolean): SQL[] {
  const direction = isDescending ? sql.raw('desc nulls last') : sql.raw('asc nulls first');
  return [sql`${column} ${direction}`, sql`${id} ${direction}`];
}

/** Newest first, in a stable order: the lists' default and the downloads' keyset order. */
export function newestFirst(createdAt: AnyColumn, id: AnyColumn): SQL[] {
  return sortedBy(createdAt, id, true);
}
