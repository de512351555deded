/**
 * One export, measured in a process of its own so that its peak memory is its own:
 *   tsx bench/src/export-child.ts <server|reference> <csv|xlsx|pdf> <rows> <databaseUrl>
 * `server`: the users' export as the server runs a download job: rows read by keyset from
 * PostgreSQL, mapped through the area's export columns, streamed to the file by the writer.
 * `reference`: the same writer and as many rows, generated in memory: no database, no mapping.
 * Prints one JSON line: {seconds, peakMb, rows, bytes}.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readSelection } from '../../apps/api/src/admin/core/export';
import { userResource } from '../../apps/api/src/admin/users/resource';
import { openDatabase } from '../../apps/api/src/db/client';
import { writeExport } from '../../apps/api/src/downloads/writers';

const [mode, type, rowText, databaseUrl] = process.argv.slice(2) as [
  'server' | 'reference',
  'csv' | 'xlsx' | 'pdf',
  string,
  string,
];
const limit = Number(rowText);
const columns = (userResource.columns ?? []).map(({ header, width }) => ({ header, width }));
const meta = { title: 'Users', filters: '', generatedAt: new Date() };

async function* serverRows(): AsyncGenerator<string[][]> {
  const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 2 });
  let left = limit;
  try {
    const query = { skip: 0, limit: 20, status: 'All' as const, searchphrase: '' };
    for await (const batch of readSelection(database.db, userResource, { query, ids: [] })) {
      const rows = batch.slice(0, left);
      left -= rows.length;
      yield rows.map((row) =>
        (userResource.columns ?? []).map((column) => {
          const value = column.value(row);
          return value === null || value === undefined ? '' : String(value);
        }),
      );
      if (left <= 0) break;
    }
  } finally {
    await database.close();
  }
}

async function* referenceRows(): AsyncGenerator<string[][]> {
  for (let start = 0; start < limit; start += 2000) {
    const batch: string[][] = [];
    for (let n = start; n < Math.min(limit, start + 2000); n++) {
      batch.push([
        `user${n}`,
        `Person Number ${n}`,
        `user${n}@example.com`,
        'user',
        'No',
        'Active',
        '24/11/2026, 10:30 am',
      ]);
    }
    yield batch;
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'roam-export-bench-'));
try {
  const began = performance.now();
  const result = await writeExport(
    type,
    path.join(dir, `users.${type}`),
    columns,
    meta,
    mode === 'server' ? serverRows() : referenceRows(),
  );
  const seconds = (performance.now() - began) / 1000;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ seconds, peakMb, rows: result.rows, bytes: result.bytes })}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
