import { DETAIL_SCHEMAS } from '@roam/contract/details';
import { type AreaName, LIST_ENDPOINTS, type ListEndpoint } from '@roam/contract/endpoints';
import { AREA_MODULES } from '@roam/contract/entities';
import { errorBodySchema, messageBodySchema } from '@roam/contract/errors';
import { COUNT_CAP, type listQuerySchema, makeListQuerySchema, tileCountsSchema } from '@roam/contract/lists';
import { MESSAGES } from '@roam/contract/messages';
import { can, type PermissionModule } from '@roam/contract/permissions';
import { type RecordStatus, recordStatusSchema, type StatusFilter } from '@roam/contract/status';
import { and, count, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { statusCounts } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { type ApplicationsDeclaration, registerApplicationsRoute } from './applications';
import {
  allOf,
  dateConditions,
  newestFirst,
  ownerCondition,
  searchCondition,
  statusCondition,
} from './list-filters';
import { type Bind, Parameters, preparedStatement } from './prepared';
import { type ReviewItemType, readRatingSummary, registerReviewRoute } from './reviews';

type Row = Record<string, unknown>;

/** The columns every listed table has by convention (see db/schema.ts). */
function standardColumns(table: PgTable): { id: PgColumn; createdAt: PgColumn } {
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

function statusModelOf(declaration: ResourceDeclaration): StatusModel {
  if (declaration.statusModel) return declaration.statusModel;
  const status = (declaration.table as unknown as Record<string, PgColumn | undefined>).status;
  if (!status) throw new Error(`${declaration.area}: a table without a status column needs a statusModel`);
  return { read: status, write: (to) => ({ status: to }) };
}

/** limit=0 asks for every match (the city search); the answer is capped at this many rows. */
const ALL_MATCHES_CAP = 1000;

/** What a row shows: selected columns (of the table and the joined ones) and their API shape. */
export type RowView = {
  select: SelectedFields;
  joins?: readonly { table: PgTable; on: SQL }[];
  toApi: (row: Row) => unknown;
};

/**
 * GET {path}/:id, answering the contract's DETAIL_SCHEMAS entry of the area. The list's row view
 * serves it unless the detail declares its own select (with its own joins, none by default) and
 * toApi.
 */
export type DetailDeclaration = Partial<RowView> & {
  /** Adds `rating`, the summary of the item's reviews (needs `reviewItemType`). */
  hasRatingSummary?: boolean;
};

/**
 * One management area, declared (DESIGN §1): the factory builds its list, get, toggle and delete
 * routes, and its reviews' and applications' routes where it has them. Its path, response key and
 * page size come from the contract's LIST_ENDPOINTS, its permission module from AREA_MODULES. An
 * area with special needs adds its own routes beside it.
 */
export type ResourceDeclaration = {
  /** The area's name: its folder, its endpoint and permission module in the contract, its audit entity. */
  area: AreaName;
  /** The area's table: like every listed table it has `id` and `createdAt` columns. */
  table: PgTable;
  /** How the table stores the status, when not in a `status` column. */
  statusModel?: StatusModel;
  /** Columns searched by `searchphrase`, all of the area's own table. */
  search: readonly PgColumn[];
  /** Column `city` (and `cityID`) filter on. */
  city?: PgColumn;
  /** Column `uid` / `userId` filter on. */
  owner?: PgColumn;
  /** What a row shows: columns of the table and of the joined ones. */
  select: SelectedFields;
  joins?: readonly { table: PgTable; on: SQL }[];
  /** Turns a selected row into the API's shape. */
  toApi: (row: Row) => unknown;
  /** The API shape, for the response schema and the OpenAPI document. */
  rowSchema: z.ZodType;
  /** The list's `status` parameter when the area accepts more spellings than the tiles' (groups: 1, 0). */
  statusFilter?: z.ZodType<StatusFilter, string>;
  /** Key under which the list also answers active + inactive + deleted (groups: 'count'). */
  totalKey?: string;
  /** Whether PUT {path}/toggle/:id exists (default true; users change status through their own routes). */
  hasToggleRoute?: boolean;
  /** Where the toggle lives when not under `path` (contact requests: '/contactus'). */
  togglePath?: string;
  /** How the toggle names the target status: `?markas=` (default) or `?status=` (which may also delete). */
  toggleParam?: 'markas' | 'status';
  /** How the toggle's parameter spells a target (default: a status name in any case; groups: 1 or 0). */
  toggleTarget?: z.ZodType<RecordStatus, string>;
  /** Whether DELETE {path}/:id marks the record DELETED (default true). */
  hasDeleteRoute?: boolean;
  /** Extra list parameters beyond DESIGN §4's, and the conditions they add (values through `bind`). */
  extraQuery?: {
    schema: z.ZodObject;
    conditions: (query: Record<string, unknown>, bind: Bind) => (SQL | undefined)[];
  };
  /** GET {path}/:id (areas with a detail screen, SPEC §2). */
  detail?: DetailDeclaration;
  /** The area's `reviews.item_type`: GET {path}/review?itemID= lists an item's reviews. */
  reviewItemType?: ReviewItemType;
  /** Applications to the area's items: GET {applications.path}/:id. */
  applications?: ApplicationsDeclaration;
};

export const endpointOf = (declaration: ResourceDeclaration): ListEndpoint =>
  LIST_ENDPOINTS[declaration.area];
export const moduleOf = (declaration: ResourceDeclaration): PermissionModule =>
  AREA_MODULES[declaration.area];

const idParamsSchema = z.object({ id: z.string().uuid('must be a UUID') });
const toggleTargetSchema = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(recordStatusSchema);

/** A select of a row view from the area's table, with its joins, to add conditions and order to. */
function selectView(db: Database, table: PgTable, view: Omit<RowView, 'toApi'>) {
  let query = db.select(view.select).from(table).$dynamic();
  for (const join of view.joins ?? []) query = query.leftJoin(join.table, join.on);
  return query;
}

/** The list's row view, or the detail's where it declares its own. */
function detailView(declaration: ResourceDeclaration): RowView {
  const detail = declaration.detail ?? {};
  return {
    select: detail.select ?? declaration.select,
    joins: detail.joins ?? (detail.select ? [] : declaration.joins),
    toApi: detail.toApi ?? declaration.toApi,
  };
}

/** The first row matching `where`, in the list's shape (or the detail's); undefined when none. */
export async function findResource(
  db: Database,
  declaration: ResourceDeclaration,
  where: SQL,
  view: 'list' | 'detail' = 'list',
): Promise<unknown> {
  const rowView = view === 'detail' ? detailView(declaration) : declaration;
  const [row] = await selectView(db, declaration.table, rowView).where(where).limit(1);
  return row === undefined ? undefined : rowView.toApi(row as Row);
}

/**
 * One item as its detail screen shows it (DETAIL_SCHEMAS), whatever its status: an admin may look at
 * a DELETED item too. Undefined for an unknown id.
 */
export async function readResource(
  db: Database,
  declaration: ResourceDeclaration,
  itemId: string,
): Promise<Row | undefined> {
  const { id } = standardColumns(declaration.table);
  const ratingOf = declaration.detail?.hasRatingSummary ? declaration.reviewItemType : undefined;
  const [item, rating] = await Promise.all([
    findResource(db, declaration, eq(id, itemId), 'detail'),
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
  declaration: ResourceDeclaration,
  ownerId: string,
  limit: number,
): Promise<{ rows: unknown[]; count: number }> {
  if (!declaration.owner)
    throw new Error(`${declaration.area}: listing what a user owns needs an owner column`);
  const { id, createdAt } = standardColumns(declaration.table);
  const where = and(eq(declaration.owner, ownerId), sql`${statusModelOf(declaration).read} <> 'DELETED'`);
  const [rows, [total]] = await Promise.all([
    selectView(db, declaration.table, declaration)
      .where(where)
      .orderBy(...newestFirst(createdAt, id))
      .limit(limit),
    db.select({ n: count() }).from(declaration.table).where(where),
  ]);
  return { rows: (rows as Row[]).map(declaration.toApi), count: total?.n ?? 0 };
}

export type ListResult = {
  rows: unknown[];
  searchcount: number;
  active: number;
  inactive: number;
  deleted: number;
  /** active + inactive + deleted: every filter but status. */
  total: number;
  /** More rows match the filters than were counted (COUNT_CAP): the counts are lower bounds. */
  countsCapped: boolean;
};

/**
 * The list query of an area: rows of one page, and the counts under every filter but status. Its
 * two statements are kept prepared per shape (which filters are present: see prepared.ts).
 */
export async function listResource(
  db: Database,
  declaration: ResourceDeclaration,
  query: z.infer<typeof listQuerySchema> & Record<string, unknown>,
  { countCap = COUNT_CAP }: { countCap?: number } = {},
): Promise<ListResult> {
  const { id, createdAt } = standardColumns(declaration.table);
  const status = statusModelOf(declaration).read;
  const cityId = query.city ?? query.cityID;
  const ownerKey = query.uid ?? query.userId;
  const parameters = new Parameters();
  const { bind } = parameters;
  const filters = allOf([
    searchCondition(declaration.search, query.searchphrase, bind),
    ...dateConditions(createdAt, query, bind),
    cityId && declaration.city ? eq(declaration.city, bind('city', cityId)) : undefined,
    ownerKey && declaration.owner ? ownerCondition(declaration.owner, ownerKey, bind) : undefined,
    ...(declaration.extraQuery?.conditions(query, bind) ?? []),
  ]);
  const filterShape = parameters.shape();
  const where = allOf([filters, statusCondition(status, query.status, bind)]);
  const limit = bind('limit', query.limit === 0 ? ALL_MATCHES_CAP : query.limit);
  const offset = bind('offset', query.skip);
  const cap = bind('cap', countCap + 1);

  const rowsStatement = preparedStatement(db, `${declaration.area} rows ${parameters.shape()}`, (name) =>
    selectView(db, declaration.table, declaration)
      .where(where)
      .orderBy(...newestFirst(createdAt, id))
      .limit(limit as number)
      .offset(offset as number)
      .prepare(name),
  );
  // Without a filter the tiles come from the counts kept on write, never from counting the table;
  // with one, at most countCap + 1 matching rows are counted.
  const countsStatement = preparedStatement(db, `${declaration.area} counts ${filterShape}`, (name) => {
    if (!filters) {
      return db
        .select({ status: statusCounts.status, n: statusCounts.n })
        .from(statusCounts)
        .where(eq(statusCounts.entity, getTableName(declaration.table)))
        .prepare(name);
    }
    const matches = db
      .select({ status: sql<string>`${status}`.as('status') })
      .from(declaration.table)
      .where(filters)
      .limit(cap as number)
      .as('matches');
    return db
      .select({ status: matches.status, n: count() })
      .from(matches)
      .groupBy(matches.status)
      .prepare(name);
  });
  const [rows, tiles] = await Promise.all([
    rowsStatement.execute(parameters.values),
    countsStatement.execute(parameters.values),
  ]);
  const tally = (status: RecordStatus) => Number(tiles.find((row) => row.status === status)?.n ?? 0);
  const counts = { active: tally('ACTIVE'), inactive: tally('INACTIVE'), deleted: tally('DELETED') };
  const total = counts.active + counts.inactive + counts.deleted;
  const searchcount = query.status === 'All' ? total : tally(query.status);
  const countsCapped = total > countCap;
  return { rows: (rows as Row[]).map(declaration.toApi), searchcount, ...counts, total, countsCapped };
}

/**
 * Moves a record between statuses (only from an allowed status: the row is locked while checked),
 * with its audit entry in the same transaction: 404 unknown id, 409 a transition its state does not
 * allow. The record is found by `_id`, or by the column `by` (groups are deleted by statusID).
 */
export async function transitionResource(
  db: Database,
  declaration: ResourceDeclaration,
  input: { id: string; to: RecordStatus; actorId: string; by?: PgColumn },
): Promise<void> {
  const allowedFrom: readonly RecordStatus[] =
    input.to === 'ACTIVE' ? ['INACTIVE'] : input.to === 'INACTIVE' ? ['ACTIVE'] : ['ACTIVE', 'INACTIVE'];
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
    if (!allowedFrom.includes(from)) {
      throw conflict(`Cannot mark ${declaration.area} ${from} as ${input.to}`);
    }
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

function touch(declaration: ResourceDeclaration): Row {
  return 'updatedAt' in (declaration.table as unknown as Row) ? { updatedAt: sql`now()` } : {};
}

/**
 * The list's answer. Its rows sit under the area's own key, so TypeScript can only see a record:
 * the schema still checks every key at run time and describes them in the OpenAPI document.
 */
export function listResponseSchema(declaration: ResourceDeclaration): z.ZodType<Record<string, unknown>> {
  const { responseKey } = endpointOf(declaration);
  return z
    .object({
      [responseKey]: z.array(declaration.rowSchema),
      searchcount: z.number().int(),
      ...(declaration.totalKey ? { [declaration.totalKey]: z.number().int() } : {}),
    })
    .extend(tileCountsSchema.shape);
}

/**
 * Registers an area's list, get, toggle and delete routes, and its review and applications routes,
 * under the /admin scope.
 */
export async function registerResource(app: FastifyInstance, declaration: ResourceDeclaration) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = [declaration.area];
  const module = moduleOf(declaration);
  const { path, responseKey, pageSize } = endpointOf(declaration);
  const baseQuery = makeListQuerySchema(pageSize, declaration.statusFilter);
  const querySchema = declaration.extraQuery ? baseQuery.and(declaration.extraQuery.schema) : baseQuery;

  routes.get(
    path,
    {
      config: { permission: { module, action: 'read' } },
      schema: {
        tags,
        security: [{ bearer: [] }],
        querystring: querySchema,
        response: { 200: listResponseSchema(declaration), 400: errorBodySchema },
      },
    },
    async (request) => {
      const query = request.query as z.infer<typeof listQuerySchema> & Record<string, unknown>;
      const { rows, total, countsCapped, ...counts } = await listResource(app.db, declaration, query);
      return {
        [responseKey]: rows,
        ...counts,
        ...(declaration.totalKey ? { [declaration.totalKey]: total } : {}),
        ...(countsCapped ? { countsCapped } : {}),
      };
    },
  );

  if (declaration.detail) {
    const detailSchema = (DETAIL_SCHEMAS as Partial<Record<AreaName, z.ZodType>>)[declaration.area];
    if (!detailSchema) throw new Error(`${declaration.area}: the contract has no detail schema`);
    if (declaration.detail.hasRatingSummary && !declaration.reviewItemType) {
      throw new Error(`${declaration.area}: a rating summary needs reviewItemType`);
    }
    routes.get(
      `${path}/:id`,
      {
        config: { permission: { module, action: 'read' } },
        schema: {
          tags,
          security: [{ bearer: [] }],
          params: idParamsSchema,
          response: { 200: detailSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => {
        const item = await readResource(app.db, declaration, request.params.id);
        if (!item) throw notFound(declaration.area);
        return item;
      },
    );
  }

  const { id } = standardColumns(declaration.table);
  if (declaration.reviewItemType) {
    await registerReviewRoute(app, {
      area: declaration.area,
      path,
      module,
      itemType: declaration.reviewItemType,
      table: declaration.table,
      id,
    });
  }
  if (declaration.applications) {
    await registerApplicationsRoute(app, {
      area: declaration.area,
      module,
      itemTable: declaration.table,
      itemId: id,
      applications: declaration.applications,
    });
  }

  if (declaration.hasToggleRoute ?? true) {
    const param = declaration.toggleParam ?? 'markas';
    routes.put(
      `${declaration.togglePath ?? path}/toggle/:id`,
      {
        config: { permission: { module, action: 'write' } },
        schema: {
          tags,
          security: [{ bearer: [] }],
          params: idParamsSchema,
          querystring: z.object({ [param]: declaration.toggleTarget ?? toggleTargetSchema }),
          response: { 200: messageBodySchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        const to = (request.query as Record<string, RecordStatus>)[param]!;
        if (to === 'DELETED') {
          if (param === 'markas') throw conflict('markas must be ACTIVE or INACTIVE; use DELETE to delete');
          if (!can(request.caller!, module, 'delete')) throw forbidden(MESSAGES.noAccess);
        }
        await transitionResource(app.db, declaration, {
          id: request.params.id,
          to,
          actorId: request.caller!.id,
        });
        return { message: to === 'DELETED' ? MESSAGES.deletedSuccessfully : `Marked ${to}` };
      },
    );
  }

  if (declaration.hasDeleteRoute ?? true) {
    routes.delete(
      `${path}/:id`,
      {
        config: { permission: { module, action: 'delete' } },
        schema: {
          tags,
          security: [{ bearer: [] }],
          params: idParamsSchema,
          response: { 200: messageBodySchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        await transitionResource(app.db, declaration, {
          id: request.params.id,
          to: 'DELETED',
          actorId: request.caller!.id,
        });
        return { message: MESSAGES.deletedSuccessfully };
      },
    );
  }
}
