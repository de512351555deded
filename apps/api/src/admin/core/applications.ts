import type { ApplicationsAreaName, Area } from '@roam/contract/areas';
import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { readRows, rowReaderOf, type ViewRow } from '../../db/row-reader';
import { allOf, newestFirst } from './list-filters';

type Row = Record<string, unknown>;

/**
 * The applications to an area's items (rentals, jobs): the table (with `id`, `status` and
 * `createdAt` columns), the column naming the item applied for, and what a row shows. Where the
 * list lives and its page size are the area's `applications` in the contract's AREAS.
 */
export type ApplicationsDeclaration = {
  table: PgTable;
  item: PgColumn;
  select: SelectedFields;
  toApi: (row: Row) => unknown;
};

/** One application as the area's answer lists it. */
type ApplicationOf<Name extends ApplicationsAreaName> = z.input<
  Area<Name>['applications']['response']
>['applications'][number];

/** Declares an area's applications, `toApi` typed by its select and by the contract's answer. */
export function defineApplications<Name extends ApplicationsAreaName, const Select extends SelectedFields>(
  _area: Name,
  declaration: Omit<ApplicationsDeclaration, 'select' | 'toApi'> & {
    select: Select;
    toApi: (row: ViewRow<Select>) => ApplicationOf<Name>;
  },
): ApplicationsDeclaration {
  return declaration as unknown as ApplicationsDeclaration;
}

function applicationColumns(table: PgTable): { id: PgColumn; status: PgColumn; createdAt: PgColumn } {
  const { id, status, createdAt } = table as unknown as Record<string, PgColumn | undefined>;
  if (!id || !status || !createdAt) throw new Error('an applications table needs id, status and createdAt');
  return { id, status, createdAt };
}

/**
 * One item's applications, newest first, filtered by application status, with how many match:
 * `{applications, searchcount}`.
 */
export async function listApplications(
  db: Database,
  applications: ApplicationsDeclaration,
  itemId: string,
  query: { status: string; skip: number; limit: number },
) {
  const { id, status, createdAt } = applicationColumns(applications.table);
  const where = allOf([
    eq(applications.item, itemId),
    query.status === 'All' ? undefined : eq(status, query.status),
  ]);
  const reader = rowReaderOf(applications.select);
  const page = db
    .select(reader.fields)
    .from(applications.table)
    .where(where)
    .orderBy(...newestFirst(createdAt, id))
    .limit(query.limit)
    .offset(query.skip);
  const [rows, [total]] = await Promise.all([
    readRows(db, page, reader),
    db.select({ n: count() }).from(applications.table).where(where),
  ]);
  return { applications: rows.map(applications.toApi), searchcount: total?.n ?? 0 };
}
