import {
  Column,
  type DriverValueDecoder,
  getTableColumns,
  is,
  isTable,
  noopDecoder,
  type Query,
  SQL,
  sql,
} from 'drizzle-orm';
import { PgArray, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from './client';
import { postgresRows, postgresTargetOf } from './pg-rows';
import { SEARCH_TEXT } from './schema';

/**
 * How the API reads the rows of the selects it runs on every request (the lists' views, the caller,
 * the tile counts): each field of the select is selected under its own name (`"createdAt"`, or
 * `"cafe.createdAt"` in a table's nested object), the driver hands each row as an array of its
 * values in that order (parsed by the driver: timestamps left as text), and a reader written once
 * per select builds the row's object from it, converting only the fields that need it: a timestamp
 * straight from PostgreSQL's text to the contract's ISO string, without a Date in between.
 * Drizzle's generic row mapping (and its Date) is skipped: it cost a list call more than reading
 * the page. So is the driver's own object of each row, keyed by the fields' names: filling it name
 * by name took longer than anything else the API did with a page of cafes (20 fields a row).
 */

type Row = Record<string, unknown>;
/** A row as the driver hands it: the select's values in the order of its fields. */
type DriverRow = readonly unknown[];

/** A value as a view's row holds it: a timestamp is its ISO string (the contract's). */
type Read<V> = V extends Date
  ? string
  : V extends readonly unknown[]
    ? V
    : V extends Record<string, unknown>
      ? { [K in keyof V]: Read<V[K]> }
      : V;

/** A row of a view as the engine hands it to `toApi`: the select's fields, timestamps as ISO strings. */
export type ViewRow<Select extends SelectedFields> = {
  [K in keyof SelectResultFields<Select>]: Read<SelectResultFields<Select>[K]>;
};

// PostgreSQL's text of a UTC timestamp: '2026-11-25 04:22:26.123456+00' ('+00' absent without a zone).
const POSTGRES_UTC = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?(\+00)?$/;

/**
 * PostgreSQL's text of a UTC timestamp as JavaScript's ISO string ('2026-11-25T04:22:26.123Z': the
 * milliseconds truncated, as a Date parsing it keeps them); undefined for another text (another
 * zone, a year past 9999, BC), which the caller converts through a Date.
 */
export function isoFromPostgres(text: string): string | undefined {
  if (!POSTGRES_UTC.test(text)) return undefined;
  const end = text.endsWith('+00') ? text.length - 3 : text.length;
  if (end === 26) return `${text.slice(0, 10)}T${text.slice(11, 23)}Z`;
  const milliseconds = end === 19 ? '000' : text.slice(20, Math.min(end, 23)).padEnd(3, '0');
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
}

type Decode = (value: unknown) => unknown;

/** An SQL field's `mapWith`: Drizzle keeps it on the SQL without declaring it in its types. */
const mapperOf = (expression: SQL) =>
  (expression as unknown as { decoder?: DriverValueDecoder<unknown, unknown> }).decoder;

/** A field's conversion from the driver's value, when it needs one. */
function decoderOf(field: unknown): Decode | undefined {
  if (is(field, Column)) {
    const column = field;
    if (column.columnType === 'PgTimestamp') {
      return (value) =>
        typeof value === 'string'
          ? (isoFromPostgres(value) ?? (column.mapFromDriverValue(value) as Date).toISOString())
          : (value as Date).toISOString();
    }
    if (column.mapFromDriverValue === Column.prototype.mapFromDriverValue) return undefined;
    return (value) => column.mapFromDriverValue(value);
  }
  const expression = is(field, SQL) ? field : is(field, SQL.Aliased) ? field.sql : undefined;
  const decoder = expression && mapperOf(expression);
  if (!decoder || decoder === noopDecoder) return undefined;
  return (value) => decoder.mapFromDriverValue(value);
}

/** A column of text[] (schema.ts `textList`). */
const isTextList = (field: unknown): boolean =>
  is(field, PgArray) && (field.baseColumn as Column).columnType === 'PgText';

/** One selected value: where it sits in the row (`group` a nested object), its name in the SQL. */
type ReadField = { key: string; group?: string; alias: string; decode?: Decode };

/** A select as it is run (every field under its name) and the reading of its rows. */
export type RowReader<Read = Row> = {
  fields: SelectedFields;
  read: (row: DriverRow) => Read;
};

const readers = new WeakMap<SelectedFields, RowReader>();

/**
 * The reader of a select (built once per select object). A nested object is a table's columns
 * (`{ cafe: cafes }`): the view's own table, so it is never null.
 */
export function rowReaderOf<const Select extends SelectedFields>(select: Select): RowReader<ViewRow<Select>> {
  let reader = readers.get(select);
  if (!reader) {
    reader = buildReader(select);
    readers.set(select, reader);
  }
  // The reader writes each field of the select under its key, converted as ViewRow says.
  return reader as RowReader<unknown> as RowReader<ViewRow<Select>>;
}

function buildReader(select: SelectedFields): RowReader {
  const fields: ReadField[] = [];
  const selected: Record<string, SQL.Aliased> = {};
  const add = (key: string, field: unknown, group?: string) => {
    const alias = group === undefined ? key : `${group}.${key}`;
    // A text list as JSON, which the driver parses natively: its parser of PostgreSQL's array text
    // was a tenth of the API's work on a list page of cafes (three lists a row), and each item was
    // mapped again.
    const isJson = isTextList(field);
    if (alias in selected) throw new Error(`${alias} is selected twice`);
    if (is(field, SQL.Aliased)) {
      // Already named (a subquery's field): selected as it is, under that name.
      if (field.fieldAlias !== alias) throw new Error(`${alias} is selected as ${field.fieldAlias}`);
      selected[alias] = field;
    } else {
      selected[alias] = (isJson ? sql`to_json(${field})` : sql`${field}`).as(alias);
    }
    fields.push({ key, group, alias, decode: isJson ? undefined : decoderOf(field) });
  };
  for (const [key, field] of Object.entries(select)) {
    if (isTable(field)) {
      for (const [column, value] of Object.entries(getTableColumns(field as PgTable))) {
        // A table's search text serves its search, not its views.
        if (value.name !== SEARCH_TEXT) add(column, value, key);
      }
    } else if (is(field, Column) || is(field, SQL) || is(field, SQL.Aliased)) {
      add(key, field);
    } else if (typeof field === 'object' && field !== null) {
      for (const [column, value] of Object.entries(field)) add(column, value, key);
    } else {
      throw new Error(`a row view cannot select ${key}`);
    }
  }
  return { fields: selected, read: compileRead(fields) };
}

/**
 * The reading of a select's rows, written once per select as a function of object literals in the
 * select's order (`{ cafe: { id: row[0], ... }, cityName: row[18] }`), so that every row has the
 * same shape from its start. `row[i]` is the value of the i-th field: the select is run with
 * `fields`, named in the same order, and Drizzle writes the columns in that order. The source holds
 * only the select's keys (the schema's names and the views' own, written as JSON strings) and
 * indexes.
 */
function compileRead(fields: readonly ReadField[]): (row: DriverRow) => Row {
  const decoders: Decode[] = [];
  const entryOf = (field: ReadField) => {
    const index = fields.indexOf(field);
    if (field.decode === undefined) return `${JSON.stringify(field.key)}: row[${index}]`;
    decoders.push(field.decode);
    return `${JSON.stringify(field.key)}: (v = row[${index}]) === null ? null : decode[${decoders.length - 1}](v)`;
  };
  // The select's keys in order, a nested object's fields gathered under its key.
  const top = new Map<string, ReadField | ReadField[]>();
  for (const field of fields) {
    if (field.group === undefined) top.set(field.key, field);
    else {
      const members = top.get(field.group);
      if (Array.isArray(members)) members.push(field);
      else top.set(field.group, [field]);
    }
  }
  const entries = [...top].map(([key, value]) =>
    Array.isArray(value) ? `${JSON.stringify(key)}: { ${value.map(entryOf).join(', ')} }` : entryOf(value),
  );
  const build = new Function(
    'decode',
    `return function read(row) { let v; return { ${entries.join(', ')} }; };`,
  );
  return build(decoders) as (row: DriverRow) => Row;
}

/** The rows of a one-off query (built with the reader's `fields`), read by its reader. */
export function readRows<Read>(
  db: Database,
  query: { toSQL: () => Query },
  reader: RowReader<Read>,
): Promise<Read[]> {
  return statementOf(db, query, undefined, reader).execute();
}

type RowsStatement<Read> = { execute: (values?: Record<string, unknown>) => Promise<Read[]> };

/**
 * The statement of `query`, its rows asked of the driver as arrays and read by `reader`: on
 * PostgreSQL through pg-rows.ts, on PGlite through Drizzle's array mode (our reader in place of its
 * mapping).
 */
function statementOf<Read>(
  db: Database,
  query: { toSQL: () => Query },
  name: string | undefined,
  reader: RowReader<Read>,
): RowsStatement<Read> {
  const postgres = postgresTargetOf(db);
  if (postgres) return postgresRows(postgres, query.toSQL(), name, reader.read);
  const readAll = (rows: unknown[]) => (rows as DriverRow[]).map(reader.read);
  const statement = db._.session.prepareQuery<{ execute: Read[]; all: unknown; values: unknown }>(
    query.toSQL(),
    undefined,
    name,
    true,
    readAll,
  );
  return { execute: (values) => statement.execute(values) };
}

/**
 * A statement prepared under `name` on each connection (see admin/core/prepared.ts), answering its
 * rows read by `reader` (the query built with its `fields`): the SQL is Drizzle's, the rows the
 * driver's. PostgreSQL parses it once per connection and plans it as its plan cache chooses: a
 * lookup by key, whose plan is the same whatever the values, is planned once.
 */
export function prepareRows<Read>(
  db: Database,
  query: { toSQL: () => Query },
  name: string,
  reader: RowReader<Read>,
): RowsStatement<Read> {
  return statementOf(db, query, name, reader);
}

/**
 * A statement built once and sent unnamed: PostgreSQL parses and plans it on every call, for that
 * call's values. A filtered list's page and counts, whose best plan depends on them (a search for
 * one letter and one for a whole name, a city with many rows and one with few).
 */
export function plannedPerCallRows<Read>(
  db: Database,
  query: { toSQL: () => Query },
  reader: RowReader<Read>,
): RowsStatement<Read> {
  return statementOf(db, query, undefined, reader);
}
