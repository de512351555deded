import { latencySummary, runConcurrently } from './load';
import { type ListArea, type ListCounts, listUrl } from './scenarios';

/**
 * Toggle and delete under concurrency, through the factory's routes of one area: distinct rows
 * at once (latency), the same row from many callers at once (exactly one wins, the rest get 409),
 * and the tile counts before and after, which must move by exactly the rows that changed. Toggled
 * rows are toggled back; deleted rows stay deleted (delete never erases), a few per run.
 */
export type WriteBench = {
  area: string;
  connections: number;
  rows: number;
  toggle: { p50: number; p95: number; p99: number; failures: number };
  toggleBack: { p50: number; p95: number; p99: number; failures: number };
  remove: { p50: number; p95: number; p99: number; failures: number };
  /** The same row from `connections` callers at once: [succeeded, refused with 409, other]. */
  toggleRace: [number, number, number];
  deleteRace: [number, number, number];
  /** Every check of the tile counts held. */
  isCountExact: boolean;
  countNotes: string[];
};

async function readCounts(baseUrl: string, area: ListArea, headers: Record<string, string>) {
  const response = await fetch(listUrl(baseUrl, area, { skip: '0', limit: '1', status: 'All' }), { headers });
  if (!response.ok) throw new Error(`${area.path}: ${response.status}`);
  const body = (await response.json()) as ListCounts;
  return { active: body.active, inactive: body.inactive, deleted: body.deleted };
}

async function findActiveIds(
  baseUrl: string,
  area: ListArea,
  headers: Record<string, string>,
  wanted: number,
) {
  const ids: string[] = [];
  for (let skip = 0; ids.length < wanted; skip += 100) {
    const url = listUrl(baseUrl, area, { skip: String(skip), limit: '100', status: 'ACTIVE' });
    const body = (await (await fetch(url, { headers })).json()) as Record<string, { _id: string }[]>;
    const rows = body[area.rowsKey] ?? [];
    if (rows.length === 0) break;
    ids.push(...rows.map((row) => row._id));
  }
  if (ids.length < wanted) throw new Error(`${area.path}: only ${ids.length} ACTIVE rows`);
  return ids.slice(0, wanted);
}

const tallyRace = (statuses: number[]): [number, number, number] => [
  statuses.filter((s) => s === 200).length,
  statuses.filter((s) => s === 409).length,
  statuses.filter((s) => s !== 200 && s !== 409).length,
];

export async function benchWrites(options: {
  baseUrl: string;
  area: ListArea;
  headers: Record<string, string>;
  rows: number;
  connections: number;
}): Promise<WriteBench> {
  const { baseUrl, area, headers, connections } = options;
  const send = async (method: string, path: string) => {
    const response = await fetch(`${baseUrl}${area.path}${path}`, { method, headers });
    await response.arrayBuffer();
    return response.status;
  };
  const toggle = (id: string, to: 'ACTIVE' | 'INACTIVE') => send('PUT', `/toggle/${id}?markas=${to}`);
  const remove = (id: string) => send('DELETE', `/${id}`);
  const summarise = (result: { statuses: number[]; latencies: number[] }) => ({
    ...latencySummary(result.latencies),
    failures: result.statuses.filter((status) => status !== 200).length,
  });

  const notes: string[] = [];
  let isCountExact = true;
  const checkCounts = (label: string, actual: Record<string, number>, expected: Record<string, number>) => {
    const isSame = Object.keys(expected).every((key) => actual[key] === expected[key]);
    if (!isSame) {
      isCountExact = false;
      notes.push(`${label}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
    }
  };

  const before = await readCounts(baseUrl, area, headers);
  const ids = await findActiveIds(baseUrl, area, headers, options.rows * 2 + 2);
  const toggled = ids.slice(0, options.rows);
  const toggleRaceId = ids[options.rows]!;
  const deleted = ids.slice(options.rows + 1, options.rows * 2 + 1);
  const deleteRaceId = ids[options.rows * 2 + 1]!;

  const toggleRun = await runConcurrently(toggled, connections, (id) => toggle(id, 'INACTIVE'));
  const toggleRace = await runConcurrently(Array(connections).fill(toggleRaceId), connections, (id) =>
    toggle(id, 'INACTIVE'),
  );
  const changed = toggleRun.statuses.filter((s) => s === 200).length + tallyRace(toggleRace.statuses)[0];
  checkCounts('after toggles', await readCounts(baseUrl, area, headers), {
    active: before.active - changed,
    inactive: before.inactive + changed,
    deleted: before.deleted,
  });
  if (changed !== options.rows + 1) {
    isCountExact = false;
    notes.push(`toggles: ${changed} rows changed, ${options.rows + 1} expected`);
  }

  const backRun = await runConcurrently([...toggled, toggleRaceId], connections, (id) =>
    toggle(id, 'ACTIVE'),
  );
  checkCounts('after toggling back', await readCounts(baseUrl, area, headers), before);

  const deleteRun = await runConcurrently(deleted, connections, remove);
  const deleteRace = await runConcurrently(Array(connections).fill(deleteRaceId), connections, remove);
  const removed = deleteRun.statuses.filter((s) => s === 200).length + tallyRace(deleteRace.statuses)[0];
  checkCounts('after deletes', await readCounts(baseUrl, area, headers), {
    active: before.active - removed,
    inactive: before.inactive,
    deleted: before.deleted + removed,
  });

  return {
    area: area.name,
    connections,
    rows: options.rows,
    toggle: summarise(toggleRun),
    toggleBack: summarise(backRun),
    remove: summarise(deleteRun),
    toggleRace: tallyRace(toggleRace.statuses),
    deleteRace: tallyRace(deleteRace.statuses),
    isCountExact,
    countNotes: notes,
  };
}
