import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A node of a plan PostgreSQL writes as JSON (EXPLAIN), with what ANALYZE adds. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
};

type Executor = { execute: (query: SQL) => Promise<unknown> };

const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

/**
 * Every node of the plan for `query`, all the way down: the plan PostgreSQL would run, or with
 * `analyze` the one it ran, with the rows each node read. PGlite answers the JSON as text,
 * PostgreSQL (through pg) parsed.
 */
export async function planNodes(
  db: Executor,
  query: SQLWrapper,
  { analyze = false } = {},
): Promise<PlanNode[]> {
  const explain = analyze
    ? sql`explain (analyze, format json) ${query}`
    : sql`explain (format json) ${query}`;
  const result = await db.execute(explain);
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  const [explained] = Object.values(row ?? {}) as unknown[];
  const [plan] = (typeof explained === 'string' ? JSON.parse(explained) : explained) as { Plan: PlanNode }[];
  if (!plan) throw new Error('EXPLAIN answered no plan');
  return nodesOf(plan.Plan);
}
