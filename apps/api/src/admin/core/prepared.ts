import { type Placeholder, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * How a condition takes a value: inline (`inline`, a one-off query), or as a named placeholder
 * (`Parameters.bind`), so that the statement's text depends only on which filters are present.
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;

export const inline: Bind = (_name, value) => value;

/**
 * A statement's values, bound by name. Each name stands for one fixed form of condition, so the
 * names bound tell the statement's text apart: its `shape`.
 */
export class Parameters {
  /** `values`: names already bound (a second statement taking the first one's filters). */
  constructor(readonly values: Record<string, unknown> = {}) {}

  readonly bind: Bind = (name, value) => {
    this.values[name] = value;
    return sql.placeholder(name);
  };

  /** The names bound so far, sorted: with the statement's kind, the key of its text. */
  shape(): string {
    return Object.keys(this.values).sort().join(',');
  }
}

type Statement<T> = { execute: (values?: Record<string, unknown>) => Promise<T> };

const statements = new WeakMap<Database, Map<string, Statement<unknown>>>();
let sequence = 0;

/**
 * The statement for `key` on `db`, built the first time it is asked for: a call then skips building
 * its SQL. `build` receives a name unique in the process, under which a statement planned the same
 * whatever its values is prepared (`prepareRows`: PostgreSQL parses it once per connection and plans
 * it once), as is the page of a list under status and dates alone; a filtered list's page and
 * counts are sent unnamed (`plannedPerCallRows`: planned for each call's values).
 */
export function preparedStatement<T>(
  db: Database,
  key: string,
  build: (name: string) => Statement<T>,
): Statement<T> {
  let byKey = statements.get(db);
  if (!byKey) {
    byKey = new Map();
    statements.set(db, byKey);
  }
  let statement = byKey.get(key) as Statement<T> | undefined;
  if (!statement) {
    sequence += 1;
    statement = build(`roam_${sequence}`);
    byKey.set(key, statement);
  }
  return statement;
}
