import { createRequire } from 'node:module';
import { fillPlaceholders, is, type Query } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/**
 * The statements the API runs on every request (the caller, a list's page and counts), sent to
 * PostgreSQL by `pg` without Drizzle's execution and without pg's own query and result objects: a
 * query object of ours (see RowsQuery) runs the extended protocol as pg's does and hands each row's
 * values, parsed by type, straight to the select's reader. Skipped: Drizzle's tracing and
 * placeholder layers, pg's copy of each query's configuration, pg's building of an empty row object
 * keyed by the fields' names for every statement it runs (even when rows are asked as arrays), and,
 * once a statement's types are known, PostgreSQL's description of its fields on every run.
 * Together they cost a list page of cafes about a sixth of the API's work.
 */

type Parse = (text: string) => unknown;
type FieldDescription = { dataTypeID: number };

/** Where a statement goes: the pool (a connection per call) or a transaction's own connection. */
type Target = pg.Pool | pg.PoolClient;

/**
 * PostgreSQL's text of dates, times and intervals (and their arrays) is left as it is, as Drizzle
 * leaves it (the readers convert a timestamp to its ISO string); every other type as pg parses it.
 */
const TEXT_KEPT = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const keepText: Parse = (text) => text;
/** pg's conversion of a value to what it sends (a Date, an array, a Buffer, JSON): pg/lib/utils. */
const pgUtils = createRequire(import.meta.url)('pg/lib/utils') as {
  prepareValue: (value: unknown) => unknown;
};
const prepareValue = (value: unknown) => pgUtils.prepareValue(value);
const parserOf = (field: FieldDescription): Parse =>
  TEXT_KEPT.has(field.dataTypeID) ? keepText : pg.types.getTypeParser(field.dataTypeID, 'text');

/**
 * A statement, built once: its text, its name (none: sent unnamed) and its parsers by field, learned
 * from its first description (its text fixes its types).
 */
type Statement = { readonly text: string; readonly name: string | undefined; parsers?: Parse[] };

/**
 * What a query object sees of pg's connection (pg's own Query and pg-cursor drive it the same way):
 * the extended protocol's messages, and which named statements this connection has parsed.
 */
type Connection = {
  stream: { cork: () => void; uncork: () => void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse: (message: { text: string; name?: string }) => void;
  bind: (message: {
    statement?: string;
    values: unknown[];
    valueMapper: (value: unknown) => unknown;
  }) => void;
  describe: (message: { type: 'P'; name: string }) => void;
  execute: (message: { portal: string; rows: number }) => void;
  close: (message: { type: 'S'; name?: string }) => void;
  sync: () => void;
};

/**
 * One run of a statement, as pg runs a query object it is handed (a Submittable, as pg-cursor's):
 * parse (a named statement once per connection), bind, describe (only until the statement's
 * parsers are known: PostgreSQL then sends no description), execute, sync; each row as it arrives,
 * its values parsed by type, read by the select's reader. pg's own Query would copy its
 * configuration and build an empty row object keyed by the fields' names on every run.
 */
class RowsQuery<Read> {
  readonly text: string;
  readonly name: string | undefined;
  readonly values: unknown[];
  private readonly readRows: Read[] = [];
  private canceledBy: Error | undefined;

  constructor(
    private readonly statement: Statement,
    values: unknown[],
    private readonly read: (row: unknown[]) => Read,
    private readonly done: (error: Error | null, rows?: Read[]) => void,
  ) {
    // pg's client reads a running query's text and name (to note a named statement as parsed).
    this.text = statement.text;
    this.name = statement.name;
    this.values = values;
  }

  submit(connection: Connection): Error | null {
    const { name, text } = this;
    const known = name
      ? (connection.parsedStatements[name] ?? connection.submittedNamedStatements[name])
      : undefined;
    if (known !== undefined && known !== text)
      return new Error(`statement ${name} was prepared with another text`);
    connection.stream.cork();
    try {
      if (known === undefined) {
        connection.parse({ text, name });
        if (name) connection.submittedNamedStatements[name] = text;
      }
      try {
        connection.bind({ statement: name, values: this.values, valueMapper: prepareValue });
      } catch (error) {
        // A value pg cannot send: the statement is closed and the connection synced, as pg does.
        connection.close({ type: 'S', name });
        connection.sync();
        this.handleError(error as Error);
        return null;
      }
      if (!this.statement.parsers) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '', rows: 0 });
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    return null;
  }

  handleRowDescription(message: { fields: FieldDescription[] }): void {
    this.statement.parsers ??= message.fields.map(parserOf);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.canceledBy) return;
    const { fields } = message;
    const parsers = this.statement.parsers!;
    const values = new Array<unknown>(fields.length);
    try {
      for (let index = 0; index < fields.length; index++) {
        const text = fields[index];
        values[index] = text === null || text === undefined ? null : parsers[index]!(text);
      }
      this.readRows.push(this.read(values));
    } catch (error) {
      // As pg does: the rows still arriving are skipped and the error answers the query once done.
      this.canceledBy = error as Error;
    }
  }

  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
  handleCopyData(): void {}

  handleError(error: Error): void {
    const cause = this.canceledBy;
    this.canceledBy = undefined;
    this.done(cause ?? error);
  }

  handleReadyForQuery(): void {
    if (this.canceledBy) {
      this.handleError(this.canceledBy);
      return;
    }
    this.done(null, this.readRows);
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
  const statement: Statement = { text: query.sql, name };
  const run = (
    client: pg.PoolClient,
    values: unknown[],
    done: (error: Error | null, rows?: Read[]) => void,
  ) => {
    // pg runs an object with `submit` as it is (pg's types know only their own Submittable's).
    client.query(new RowsQuery(statement, values, read, done) as unknown as pg.Submittable);
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
