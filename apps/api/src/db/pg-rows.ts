import { fillPlaceholders, is, type Query } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/**
 * The statements the API runs on every request (the caller, a list's page and counts), sent to
 * PostgreSQL by `pg` without Drizzle's execution and without `pg`'s result object: a query object
 * of our own (pg's Query, whose protocol it keeps: parse once per connection, bind, describe,
 * execute, sync) hands each row's values, parsed by type, straight to the select's reader.
 * Skipped: Drizzle's tracing and placeholder layers, pg's copy of each query's configuration, and
 * pg's building of an empty row object keyed by the fields' names for every statement it runs (it
 * does so even when rows are asked as arrays). Together they cost a list page of cafes about a
 * tenth of the API's work.
 */

type Parse = (text: string) => unknown;
type FieldDescription = { dataTypeID: number };
type Connection = unknown;

/** Where a statement goes: the pool (a connection per call) or a transaction's own connection. */
type Target = pg.Pool | pg.PoolClient;

/**
 * PostgreSQL's text of dates, times and intervals (and their arrays) is left as it is, as Drizzle
 * leaves it (the readers convert a timestamp to its ISO string); every other type as pg parses it.
 */
const TEXT_KEPT = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const keepText: Parse = (text) => text;
const parserOf = (field: FieldDescription): Parse =>
  TEXT_KEPT.has(field.dataTypeID) ? keepText : pg.types.getTypeParser(field.dataTypeID, 'text');

/** A statement's parsers, by field, learned from its first description (its text fixes its types). */
type Described = { parsers?: Parse[] };

type QueryInternals = { _canceledDueToError: unknown };

class RowsQuery<Read> extends pg.Query {
  // Declared, not defined: assigned in the constructor (a defined field costs a property
  // definition on every statement run).
  declare private readonly readRows: Read[];
  declare private readonly described: Described;
  declare private readonly read: (row: unknown[]) => Read;
  declare private readonly done: (error: Error | null, rows?: Read[]) => void;

  constructor(
    config: { text: string; name?: string; values: unknown[] },
    described: Described,
    read: (row: unknown[]) => Read,
    done: (error: Error | null, rows?: Read[]) => void,
  ) {
    // Rows as arrays: pg builds no object keyed by the fields' names for them.
    super({
      text: config.text,
      name: config.name,
      values: config.values,
      rowMode: 'array',
    } as pg.QueryConfig);
    this.readRows = [];
    this.described = described;
    this.read = read;
    this.done = done;
  }

  handleRowDescription(message: { fields: FieldDescription[] }): void {
    this.described.parsers ??= message.fields.map(parserOf);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const internals = this as unknown as QueryInternals;
    if (internals._canceledDueToError) return;
    const { fields } = message;
    const parsers = this.described.parsers!;
    const values = new Array<unknown>(fields.length);
    try {
      for (let index = 0; index < fields.length; index++) {
        const text = fields[index];
        values[index] = text === null || text === undefined ? null : parsers[index]!(text);
      }
      this.readRows.push(this.read(values));
    } catch (error) {
      // As pg does: the rows still arriving are skipped and the error answers the query once done.
      internals._canceledDueToError = error;
    }
  }

  handleCommandComplete(): void {}

  handleError(error: Error, _connection: Connection): void {
    const internals = this as unknown as QueryInternals;
    const cause = internals._canceledDueToError;
    internals._canceledDueToError = false;
    this.done((cause as Error) || error);
  }

  handleReadyForQuery(connection: Connection): void {
    const internals = this as unknown as QueryInternals;
    if (internals._canceledDueToError) {
      this.handleError(internals._canceledDueToError as Error, connection);
      return;
    }
    this.done(null, this.readRows);
    // As pg's own query, for whoever listens (the bench's capture of the API's statements).
    this.emit('end');
  }
}

/** The pool or transaction connection behind a Drizzle database on PostgreSQL; undefined on PGlite. */
export function postgresTargetOf(db: { _: { session: unknown } }): Target | undefined {
  const session = db._.session;
  return is(session, NodePgSession) ? (session as unknown as { client: Target }).client : undefined;
}

/**
 * `query` (built by Drizzle, its placeholders filled per call) as a statement of `target`, named or
 * not, its rows read by `read`.
 */
export function postgresRows<Read>(
  target: Target,
  query: Query,
  name: string | undefined,
  read: (row: unknown[]) => Read,
): { execute: (values?: Record<string, unknown>) => Promise<Read[]> } {
  const described: Described = {};
  const run = (
    client: pg.PoolClient,
    values: unknown[],
    done: (error: Error | null, rows?: Read[]) => void,
  ) => {
    client.query(new RowsQuery({ text: query.sql, name, values }, described, read, done));
  };
  return {
    execute: (placeholders = {}) =>
      new Promise<Read[]>((resolve, reject) => {
        const values = fillPlaceholders(query.params, placeholders);
        const settle = (error: Error | null, rows?: Read[]) => (error ? reject(error) : resolve(rows!));
        if (!(target instanceof pg.Pool)) {
          run(target, values, settle);
          return;
        }
        target.connect((connectError, client, release) => {
          if (connectError || !client) {
            reject(connectError ?? new Error('no connection'));
            return;
          }
          // As pg's pool.query: the connection lost during the statement (the 'error' event, which
          // would otherwise end the process) or a statement that failed, and it is not reused.
          let isReleased = false;
          const finish = (error: Error | null, rows?: Read[]) => {
            client.removeListener('error', finish);
            if (isReleased) return;
            isReleased = true;
            release(error ?? undefined);
            settle(error, rows);
          };
          client.once('error', finish);
          run(client, values, finish);
        });
      }),
  };
}
