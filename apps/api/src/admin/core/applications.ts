import { makeApplicantsQuerySchema } from '@roam/contract/details';
import { errorBodySchema } from '@roam/contract/errors';
import type { PermissionModule } from '@roam/contract/permissions';
import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { allOf, newestFirst } from './list-filters';

type Row = Record<string, unknown>;

/**
 * An area whose items take applications (rentals, jobs): where the list of one item's applications
 * lives and what a row shows. The applications table has `id`, `status` and `createdAt` columns.
 */
export type ApplicationsDeclaration = {
  /** GET {path}/:id lists the applications of item :id (SPEC §7: '/rental/applicants', '/jobApplicants'). */
  path: string;
  /** The page size when the call sends no limit. */
  defaultLimit: number;
  table: PgTable;
  /** The column naming the item applied for. */
  item: PgColumn;
  select: SelectedFields;
  toApi: (row: Row) => unknown;
  /** The answer: {applications, searchcount}. */
  responseSchema: z.ZodType;
};

function applicationColumns(table: PgTable): { id: PgColumn; status: PgColumn; createdAt: PgColumn } {
  const { id, status, createdAt } = table as unknown as Record<string, PgColumn | undefined>;
  if (!id || !status || !createdAt) throw new Error('an applications table needs id, status and createdAt');
  return { id, status, createdAt };
}

const itemParamsSchema = z.object({ id: z.string().uuid('must be a UUID') });

/**
 * GET {path}/:id?status=All&skip=0&limit=N: one item's applications, newest first, filtered by
 * application status (any case), with searchcount for paging. 400 malformed id or query, 404 unknown
 * item (a DELETED item's applications are still shown).
 */
export async function registerApplicationsRoute(
  app: FastifyInstance,
  options: {
    area: string;
    module: PermissionModule;
    /** The area's table and id column: the item applied for. */
    itemTable: PgTable;
    itemId: PgColumn;
    applications: ApplicationsDeclaration;
  },
) {
  const { applications } = options;
  const { id, status, createdAt } = applicationColumns(applications.table);
  app.withTypeProvider<ZodTypeProvider>().get(
    `${applications.path}/:id`,
    {
      config: { permission: { module: options.module, action: 'read' } },
      schema: {
        tags: [options.area],
        security: [{ bearer: [] }],
        params: itemParamsSchema,
        querystring: makeApplicantsQuerySchema(applications.defaultLimit),
        response: { 200: applications.responseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const itemId = request.params.id;
      const query = request.query;
      const [item] = await app.db
        .select({ id: options.itemId })
        .from(options.itemTable)
        .where(eq(options.itemId, itemId));
      if (!item) throw notFound(options.area);
      const where = allOf([
        eq(applications.item, itemId),
        query.status === 'All' ? undefined : eq(status, query.status),
      ]);
      const [rows, [total]] = await Promise.all([
        app.db
          .select(applications.select)
          .from(applications.table)
          .where(where)
          .orderBy(...newestFirst(createdAt, id))
          .limit(query.limit)
          .offset(query.skip),
        app.db.select({ n: count() }).from(applications.table).where(where),
      ]);
      return { applications: (rows as Row[]).map(applications.toApi), searchcount: total?.n ?? 0 };
    },
  );
}
