import { type AreaName, LIST_ENDPOINTS, type ListEndpoint } from '@roam/contract/endpoints';
import { AREA_MODULES } from '@roam/contract/entities';
import { errorBodySchema, messageBodySchema } from '@roam/contract/errors';
import { type listQuerySchema, makeListQuerySchema, tileCountsSchema } from '@roam/contract/lists';
import { MESSAGES } from '@roam/contract/messages';
import { can, type PermissionModule } from '@roam/contract/permissions';
import { type RecordStatus, recordStatusSchema, type StatusFilter } from '@roam/contract/status';
import { count, desc, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { statusCounts } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { allOf, dateConditions, ownerCondition, searchCondition, statusCondition } from './list-filters';

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

/**
 * One management area, declared (DESIGN §1): the factory builds its list, toggle and delete
 * routes. Its path, response key and page size come from the contract's LIST_ENDPOINTS, its
 * permission module from AREA_MODULES. An area with special needs adds its own routes beside it.
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
  /** Extra list parameters beyond DESIGN §4's, and the conditions they add. */
  extraQuery?: { schema: z.ZodObject; conditions: (query: Record<string, unknown>) => (SQL | undefined)[] };
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

export type ListResult = {
  rows: unknown[];
  searchcount: number;
  active: number;
  inactive: number;
  deleted: number;
  /** active + inactive + deleted: every filter but status. */
  total: number;
};

/** The list query of an area: rows of one page, and the counts under every filter but status. */
export async function listResource(
  db: Database,
  declaration: ResourceDeclaration,
  query: z.infer<typeof listQuerySchema> & Record<string, unknown>,
): Promise<ListResult> {
  const { id, createdAt } = standardColumns(declaration.table);
  const status = statusModelOf(declaration).read;
  const cityId = query.city ?? query.cityID;
  const ownerKey = query.uid ?? query.userId;
  const filters = allOf([
    searchCondition(declaration.search, query.searchphrase),
    ...dateConditions(createdAt, query),
    cityId && declaration.city ? eq(declaration.city, cityId) : undefined,
    ownerKey && declaration.owner ? ownerCondition(declaration.owner, ownerKey) : undefined,
    ...(declaration.extraQuery?.conditions(query) ?? []),
  ]);
  const where = allOf([filters, statusCondition(status, query.status)]);

  let rowsQuery = db.select(declaration.select).from(declaration.table).$dynamic();
  for (const join of declaration.joins ?? []) rowsQuery = rowsQuery.leftJoin(join.table, join.on);
  const pageSize = query.limit === 0 ? ALL_MATCHES_CAP : query.limit;
  // Without a filter the tiles come from the counts kept on write, never from counting the table.
  const countsQuery = filters
    ? db.select({ status, n: count() }).from(declaration.table).where(filters).groupBy(status)
    : db
        .select({ status: statusCounts.status, n: statusCounts.n })
        .from(statusCounts)
        .where(eq(statusCounts.entity, getTableName(declaration.table)));
  const [rows, tiles] = await Promise.all([
    rowsQuery.where(where).orderBy(desc(createdAt), desc(id)).limit(pageSize).offset(query.skip),
    countsQuery,
  ]);
  const tally = (status: RecordStatus) => Number(tiles.find((row) => row.status === status)?.n ?? 0);
  const counts = { active: tally('ACTIVE'), inactive: tally('INACTIVE'), deleted: tally('DELETED') };
  const total = counts.active + counts.inactive + counts.deleted;
  const searchcount = query.status === 'All' ? total : tally(query.status);
  return { rows: (rows as Row[]).map(declaration.toApi), searchcount, ...counts, total };
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

export function listResponseSchema(declaration: ResourceDeclaration) {
  const { responseKey } = endpointOf(declaration);
  return z
    .object({
      [responseKey]: z.array(declaration.rowSchema),
      searchcount: z.number().int(),
      ...(declaration.totalKey ? { [declaration.totalKey]: z.number().int() } : {}),
    })
    .extend(tileCountsSchema.shape);
}

/** Registers an area's list, toggle and delete routes under the /admin scope. */
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
      const { rows, total, ...counts } = await listResource(app.db, declaration, query);
      return {
        [responseKey]: rows,
        ...counts,
        ...(declaration.totalKey ? { [declaration.totalKey]: total } : {}),
      };
    },
  );

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
