import type { AREAS, AreaName, SortKey } from '@roam/contract/areas';
import { COUNT_CAP, type ListSort, type listQuerySchema, pageCount, readSort } from '@roam/contract/lists';
import type { RecordStatus } from '@roam/contract/status';
import { and, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { plannedPerCallRows, prepareRows, readRows, rowReaderOf, type ViewRow } from '../../db/row-reader';
import { recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/http-error';
import {
  type CursorColumns,
  cursorColumns,
  cutPage,
  type KeysetOrder,
  type PageCursors,
  type PageWalk,
  pageWalk,
  readPageStart,
} from './cursor';
import { DAY_PAGES_FROM_SKIP, type DayPageWalk, dayPageWalk } from './day-pages';
import type { ExportColumn } from './export';
import { type CountPolicy, filteredCounts, keptCounts, keptDayCounts, type TileCounts } from './list-counts';
import {
  allOf,
  dateConditions,
  newestFirst,
  ownerCondition,
  searchTextCondition,
  sortedBy,
  statusCondition,
} from './list-filters';
import { type Bind, inline, Parameters, preparedStatement } from './prepared';
import { type ReviewItemType, readRatingSummary } from './reviews';
import { assertTransition } from './transitions';

type Row = Record<string, unknown>;

/** The columns every listed table has by convention (see db/schema.ts). */
export function standardColumns(table: PgTable): { id: PgColumn; createdAt: PgColumn } {
  const columns = table as unknown as Record<string, PgColumn | undefined>;
  const { id, createdAt } = columns;
  if (!id || !createdAt) throw new Error('a listed table needs id and createdAt columns');
  return { id, createdAt };
}

/**
 * How an area stores a record's status (SPEC §4). By default a `status` column holding ACTIVE,
 * INACTIVE or DELETED; an area that stores it otherwise (groups: booleans `active` and `deleted`)
 * declares how to read it and how to write each status.
 */
export type StatusModel = {
  /** SQL yielding 'ACTIVE', 'INACTIVE' or 'DELETED' for a row: counted, filtered, checked under lock. */
  read: PgColumn | SQL;
  /** The column values that put a row in a status. */
  write: (to: RecordStatus) => Record<string, unknown>;
};

function statusModelOf(declaration: Resource): StatusModel {
  if (declaration.statusModel) return declaration.statusModel;
  const status = (declaration.table as unknown as Record<string, PgColumn | undefined>).status;
  if (!status) throw new Error(`${declaration.area}: a table without a status column needs a statusModel`);
  return { read: status, write: (to) => ({ status: to }) };
}

/**
 * What a row shows: selected columns (of the table and the joined ones) and their API shape. The
 * engine reads the select's rows itself (row-reader.ts): `toApi` gets timestamps as ISO strings.
 */
export type RowView<Out = unknown> = {
  select: SelectedFields;
  joins?: readonly { table: PgTable; on: SQL }[];
  toApi: (row: Row) => Out;
};

/**
 * One management area's data, declared (DESIGN §1): what the list engine reads and how a row looks
 * (`Out`, its API shape). A list within an area (a group's members) is one too.
 */
export type Resource<Name extends AreaName = AreaName, Out = unknown> = RowView<Out> & {
  /** The area's name: its entry in the contract's AREAS, its folder, its audit entity. */
  area: Name;
  /** The area's table: like every listed table it has `id` and `createdAt` columns. */
  table: PgTable;
  /** How the table stores the status, when not in a `status` column. */
  statusModel?: StatusModel;
  /** The table's search text (schema.ts `searchText`), searched by `searchphrase`; none: no search. */
  search?: PgColumn;
  /** Column `city` (and `cityID`) filter on. */
  city?: PgColumn;
  /** Column `uid` / `userId` filter on. */
  owner?: PgColumn;
  /** What a download of the area holds (DESIGN §8): SPEC §2's columns, readable values. */
  columns?: readonly ExportColumn<Out>[];
  /**
   * The column of each key the list may be sorted by (the contract's `list.sort`), but createdAt
   * and status, which every listed table has. Each needs its (column, id) index (db/schema.ts).
   */
  sortColumns?: Readonly<Record<string, PgColumn>>;
};

/** The sort keys an area declares columns for: all of its contract's but the standard two. */
type OwnSortKey<Name extends AreaName> = Exclude<SortKey<Name>, 'createdAt' | 'status'>;

/** The API shape of one of an area's list rows, as its row schema takes it. */
export type RowOf<Name extends AreaName> = z.input<(typeof AREAS)[Name]['list']['row']>;

/**
 * Declares an area's data. `toApi` is typed by the select (what the query answers) and by the
 * contract's row schema of the area (what the list answers), so a renamed column or field fails the
 * typecheck rather than a request.
 */
export function defineResource<Name extends AreaName, const Select extends SelectedFields>(
  declaration: Omit<Resource<Name>, 'select' | 'toApi' | 'columns' | 'sortColumns'> & {
    select: Select;
    toApi: (row: ViewRow<Select>) => RowOf<Name>;
    columns: readonly ExportColumn<RowOf<Name>>[];
    sortColumns: Record<OwnSortKey<Name>, PgColumn>;
  },
): Resource<Name, RowOf<Name>> {
  return defineListView(declaration);
}

/**
 * Declares a list within an area that is not the area's own list (a group's members), read by the
 * same engine: `toApi` typed by the select and by the row type its return names.
 */
export function defineListView<Name extends AreaName, const Select extends SelectedFields, Out>(
  declaration: Omit<Resource<Name>, 'select' | 'toApi' | 'columns'> & {
    select: Select;
    toApi: (row: ViewRow<Select>) => Out;
    columns?: readonly ExportColumn<Out>[];
  },
): Resource<Name, Out> {
  // The engine hands each row back to this declaration's own toApi, which was checked here.
  return declaration as unknown as Resource<Name, Out>;
}

/** limit=0 asks for every match (the city search); the answer is capped at this many rows. */
const ALL_MATCHES_CAP = 1000;

/**
 * A select of a row view from the area's table, with its joins, to add conditions and order to;
 * its rows are read by `rowReaderOf(view.select)` (readRows, prepareRows), not by Drizzle.
 */
export function selectView(
  db: Database,
  table: PgTable,
  view: Omit<RowView, 'toApi'>,
  withQuery?: DayPageWalk['with'],
) {
  const fields = rowReaderOf(view.select).fields;
  let query = (withQuery ? db.with(withQuery).select(fields) : db.select(fields)).from(table).$dynamic();
  for (const join of view.joins ?? []) query = query.leftJoin(join.table, join.on);
  return query;
}

/** The first row matching `where`, in the list's shape; undefined when none. */
export async function findResource<Out>(
  db: Database,
  resource: Resource<AreaName, Out>,
  where: SQL,
): Promise<Out | undefined> {
  const query = selectView(db, resource.table, resource).where(where).limit(1);
  const [row] = await readRows(db, query, rowReaderOf(resource.select));
  return row === undefined ? undefined : resource.toApi(row);
}

/** Whether the area has a row with this `_id`, whatever its status. */
export async function hasResource(db: Database, resource: Resource, itemId: string): Promise<boolean> {
  const { id } = standardColumns(resource.table);
  const [row] = await db.select({ id }).from(resource.table).where(eq(id, itemId));
  return row !== undefined;
}

/**
 * One item as its detail screen shows it (the area's detail schema), whatever its status: an admin
 * may look at a DELETED item too. With `ratingOf`, the summary of the item's reviews is added.
 * Undefined for an unknown id.
 */
export async function readResource(
  db: Database,
  resource: Resource,
  itemId: string,
  ratingOf?: ReviewItemType,
): Promise<Row | undefined> {
  const { id } = standardColumns(resource.table);
  const [item, rating] = await Promise.all([
    findResource(db, resource, eq(id, itemId)),
    ratingOf ? readRatingSummary(db, ratingOf, itemId) : undefined,
  ]);
  if (item === undefined) return undefined;
  return rating ? { ...(item as Row), rating } : (item as Row);
}

/**
 * What one user owns in an area, leaving out DELETED rows: the newest `limit` rows in the list's
 * shape and how many there are (a user's profile, SPEC §2).
 */
export async function listOwned(
  db: Database,
  declaration: Resource,
  ownerId: string,
  limit: number,
): Promise<{ rows: unknown[]; count: number }> {
  if (!declaration.owner)
    throw new Error(`${declaration.area}: listing what a user owns needs an owner column`);
  const owner = declaration.owner;
  const statement = preparedStatement(db, `${declaration.area} owned`, (name) => {
    const { id, createdAt } = standardColumns(declaration.table);
    const where = and(
      eq(owner, sql.placeholder('owner')),
      sql`${statusModelOf(declaration).read} <> 'DELETED'`,
    );
    // The count comes with the rows, one statement rather than two (a profile makes five of them):
    // a window over every matching row, taken before the limit. No row, no match: the count is 0.
    const select = { ...declaration.select, ownedCount: sql<number>`count(*) over ()`.mapWith(Number) };
    const query = selectView(db, declaration.table, { ...declaration, select })
      .where(where)
      .orderBy(...newestFirst(createdAt, id))
      .limit(sql.placeholder('limit'));
    return prepareRows(db, query, name, rowReaderOf(select));
  });
  const rows = await statement.execute({ owner: ownerId, limit });
  return { rows: rows.map(declaration.toApi), count: rows[0]?.ownedCount ?? 0 };
}

export type ListQuery = z.infer<typeof listQuerySchema> & Record<string, unknown>;

/** An area's own list parameters beyond DESIGN §4's, as conditions (every value through `bind`). */
export type ExtraConditions = (query: ListQuery, bind: Bind) => (SQL | undefined)[];

export type ListResult<Out = unknown> = {
  rows: Out[];
  searchcount: number;
  active: number;
  inactive: number;
  deleted: number;
  /** active + inactive + deleted: every filter but status. */
  total: number;
  /** More rows match the filters than were counted (COUNT_CAP): the counts are lower bounds. */
  countsCapped: boolean;
  /** The counts are estimated from a sample of the table (see list-counts.ts). */
  countsEstimated: boolean;
} & PageCursors;

/** Every filter of DESIGN §4's list query but status (and an area's own), each value through `bind`. */
export function filterConditions(
  declaration: Resource,
  query: ListQuery,
  bind: Bind = inline,
  conditions?: ExtraConditions,
): SQL | undefined {
  const { dates, others } = filterParts(declaration, query, bind, conditions);
  return allOf([...dates, ...others]);
}

/** filterConditions' filters: the dates, and the others (undefined where not asked for). */
function filterParts(declaration: Resource, query: ListQuery, bind: Bind, conditions?: ExtraConditions) {
  const { createdAt } = standardColumns(declaration.table);
  const cityId = query.city ?? query.cityID;
  const ownerKey = query.uid ?? query.userId;
  // The search last: where a condition is checked row by row (a sample, an index walk) the cheap
  // comparisons come first and the search's LIKE runs only on the rows they keep.
  return {
    dates: dateConditions(createdAt, query, bind),
    others: [
      cityId && declaration.city ? eq(declaration.city, bind('city', cityId)) : undefined,
      ownerKey && declaration.owner ? ownerCondition(declaration.owner, ownerKey, bind) : undefined,
      ...(conditions?.(query, bind) ?? []),
      declaration.search && searchTextCondition(declaration.search, query.searchphrase, bind),
    ],
  };
}

/**
 * The page's order: newest first (`-createdAt`), or by the key `sort` names (the contract has
 * checked it is one of the area's), the id breaking ties; each served by an index (DESIGN §4).
 */
export function sortOrderOf(declaration: Resource, sort: ListSort | undefined): KeysetOrder {
  const { id, createdAt } = standardColumns(declaration.table);
  const { key, isDescending } = readSort(sort ?? NEWEST_FIRST);
  const column =
    key === 'createdAt'
      ? createdAt
      : key === 'status'
        ? statusModelOf(declaration).read
        : declaration.sortColumns?.[key];
  if (!column) throw new Error(`${declaration.area}: no column to sort by ${key}`);
  return { sort: sort ?? NEWEST_FIRST, column, id, isDescending };
}

/** The lists' default order, as a `sort` value. */
const NEWEST_FIRST: ListSort = '-createdAt';

/** The page's order as ORDER BY terms (see sortOrderOf); `isReversed` walks it the other way. */
export function listOrder(declaration: Resource, sort: ListSort | undefined, isReversed = false): SQL[] {
  const { column, id, isDescending } = sortOrderOf(declaration, sort);
  return sortedBy(column, id, isReversed ? !isDescending : isDescending);
}

/** The list query's status filter on the area's status (column or expression). */
export function statusFilter(declaration: Resource, status: ListQuery['status'], bind: Bind = inline) {
  return statusCondition(statusModelOf(declaration).read, status, bind);
}

/**
 * One page of a list: its rows matching `where`, in the order `sort` names (see listOrder), with
 * each row's cursor columns, and the reader of those rows. A `walk` reads from a cursor's row (or
 * back from the end) instead.
 */
export function pageQuery(
  db: Database,
  declaration: Resource,
  where: SQL | undefined,
  sort: ListSort | undefined,
  limit: number,
  offset: number,
  walk: Pick<PageWalk, 'isReversed' | 'condition'> | DayPageWalk = {
    isReversed: false,
    condition: undefined,
  },
) {
  const select = { ...declaration.select, ...cursorColumns(sortOrderOf(declaration, sort)) };
  const isByDay = 'with' in walk;
  const query = selectView(db, declaration.table, { ...declaration, select }, isByDay ? walk.with : undefined)
    .where(allOf([where, walk.condition]))
    .orderBy(...listOrder(declaration, sort, walk.isReversed))
    .limit(limit)
    // A page by day starts at its first row (the walk's condition).
    .offset(isByDay ? 0 : offset);
  return { query, reader: rowReaderOf(select) };
}

/** DESIGN §6's counting of a filtered list (see list-counts.ts), tuned by `npm run bench`. */
export const COUNT_POLICY: CountPolicy = {
  countCap: COUNT_CAP,
  sampleAbove: 50_000,
  sampleRows: 5_000,
  exactBelow: 1_000,
  sampleKeptMs: 60_000,
};

/** The page a list query asks for: where it starts (400 for a bad cursor) and how it is walked. */
export function planPage(declaration: Resource, query: ListQuery, bind: Bind = inline) {
  const order = sortOrderOf(declaration, query.sort);
  const start = readPageStart(order, query);
  return { order, start, walk: pageWalk(order, start, bind) };
}

/**
 * The list query of an area: rows of one page, and the counts under every filter but status
 * (kept on write without a filter; with one, counted or estimated: see list-counts.ts). Its
 * statements are kept prepared per shape (which filters are present: see prepared.ts).
 */
export async function listResource<Out>(
  db: Database,
  declaration: Resource<AreaName, Out>,
  query: ListQuery,
  { policy, conditions }: { policy?: Partial<CountPolicy>; conditions?: ExtraConditions } = {},
): Promise<ListResult<Out>> {
  const status = statusModelOf(declaration).read;
  const parameters = new Parameters();
  const { bind } = parameters;
  const parts = filterParts(declaration, query, bind, conditions);
  const filters = allOf([...parts.dates, ...parts.others]);
  const filterShape = parameters.shape();
  // The counts' statements take the filters' values and bind their own (cap, sample) beside them.
  const counting = new Parameters({ ...parameters.values });
  const where = allOf([filters, statusCondition(status, query.status, bind)]);
  const page = planPage(declaration, query, bind);
  const pageSize = query.limit === 0 ? ALL_MATCHES_CAP : query.limit;
  // One row more than the page tells whether another page follows (its nextCursor).
  const limit = bind('limit', pageSize + 1);
  // A cursor says where the page starts: skip is only for a page read without one.
  const skip = page.start.from === 'skip' ? query.skip : 0;
  const offset = bind('offset', skip);
  const { createdAt, id } = standardColumns(declaration.table);
  // Under no filter but status and dates, the days' counters (day_counts) answer for the rows.
  const isDatesOnly = conditions === undefined && parts.others.every((condition) => condition === undefined);
  // A deep page by skip in created_at order starts at its day.
  const isByDay = isDatesOnly && skip >= DAY_PAGES_FROM_SKIP && page.order.column === createdAt;
  const walk = isByDay
    ? dayPageWalk({
        db,
        table: declaration.table,
        createdAt,
        id,
        where,
        isDescending: page.order.isDescending,
        filters: query,
        skip: offset as number,
        bind,
      })
    : page.walk;

  const table = getTableName(declaration.table);
  // The order is written into the statement (it is part of its shape); its values stay bound.
  const rowsStatement = preparedStatement(
    db,
    `${table} rows ${parameters.shape()} by ${query.sort ?? ''} ${walk.shape}`,
    (name) => {
      const view = pageQuery(db, declaration, where, query.sort, limit as number, offset as number, walk);
      // Under status and dates alone every call walks the same index whatever the values: the
      // statement is parsed once per connection and PostgreSQL's plan cache may plan it once.
      return isDatesOnly
        ? prepareRows(db, view.query, name, view.reader)
        : plannedPerCallRows(db, view.query, view.reader);
    },
  );
  const countPolicy = { ...COUNT_POLICY, ...policy };
  const [rows, tiles] = await Promise.all([
    rowsStatement.execute(parameters.values),
    !filters
      ? keptCounts(db, declaration.table).then(exactly)
      : isDatesOnly
        ? keptDayCounts(db, declaration.table, query).then(exactly)
        : filteredCounts({
            db,
            table: declaration.table,
            status,
            filters,
            values: counting.values,
            shape: filterShape,
            bind: counting.bind,
            policy: countPolicy,
          }),
  ]);
  const counts = {
    active: tiles.counts.ACTIVE,
    inactive: tiles.counts.INACTIVE,
    deleted: tiles.counts.DELETED,
  };
  const total = counts.active + counts.inactive + counts.deleted;
  const matching = query.status === 'All' ? total : tiles.counts[query.status];
  // Past the cap or estimated, the last page's size is not known: the last `pageSize` rows.
  const isExact = !tiles.isCapped && !tiles.isEstimated;
  const { rows: pageRows, ...cursors } = cutPage(page.order, page.start, rows as (Row & CursorColumns)[], {
    pageSize,
    lastPageSize: lastPageSize(matching, pageSize, isExact),
    skip,
  });
  // An estimate is never below the rows this very answer holds.
  const searchcount = tiles.isEstimated ? Math.max(matching, skip + pageRows.length) : matching;
  return {
    rows: pageRows.map(declaration.toApi),
    searchcount,
    ...counts,
    total,
    countsCapped: tiles.isCapped,
    countsEstimated: tiles.isEstimated,
    ...cursors,
  };
}

const exactly = (counts: Record<RecordStatus, number>): TileCounts => ({
  counts,
  isCapped: false,
  isEstimated: false,
});

/** How many rows the last page holds as skip numbers pages: the last `pageSize` unless counts are exact. */
function lastPageSize(searchcount: number, pageSize: number, isExact: boolean): number {
  if (!isExact || searchcount === 0) return pageSize;
  return searchcount - (pageCount(searchcount, pageSize) - 1) * pageSize;
}

/**
 * Moves a record between statuses (only from an allowed status: the row is locked while checked),
 * with its audit entry in the same transaction: 404 unknown id, 409 a transition its state does not
 * allow. The record is found by `_id`, or by the column `by` (groups are deleted by statusID).
 */
export async function transitionResource(
  db: Database,
  declaration: Resource,
  input: { id: string; to: RecordStatus; actorId: string; by?: PgColumn },
): Promise<void> {
  const { id } = standardColumns(declaration.table);
  const statusModel = statusModelOf(declaration);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id, status: statusModel.read })
      .from(declaration.table)
      .where(eq(input.by ?? id, input.id))
      .for('update');
    if (!current) throw notFound(declaration.area);
    const from = current.status as RecordStatus;
    assertTransition(declaration.area, from, input.to);
    await tx
      .update(declaration.table)
      .set({ ...statusModel.write(input.to), ...touch(declaration) })
      .where(eq(id, current.id));
    await recordAudit(tx, {
      actorId: input.actorId,
      action: input.to === 'DELETED' ? 'delete' : 'toggle',
      entity: declaration.area,
      entityId: String(current.id),
      before: { status: from },
      after: { status: input.to },
    });
  });
}

function touch(declaration: Resource): Row {
  return 'updatedAt' in (declaration.table as unknown as Row) ? { updatedAt: sql`now()` } : {};
}
