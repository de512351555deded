import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { bundleServer } from '../../apps/api/scripts/bundle-server.mjs';
import { log } from './shared';

const run = promisify(execFile);
const CHILD = path.resolve(import.meta.dirname, 'export-child.ts');
/**
 * The child built as the server is (apps/api/scripts/bundle-server.mjs), and beside it: the server's
 * modules find the files they read (its migrations) from their own place (apps/api/src/paths.ts).
 */
const CHILD_BUNDLE = path.resolve(import.meta.dirname, '../../apps/api/dist/bench-export-child.mjs');

/**
 * The child as one ES module of plain JavaScript: a deployment runs the server's built code, so
 * the export's time and memory are measured without a TypeScript loader in the process.
 */
async function buildChild(): Promise<void> {
  await bundleServer(CHILD, CHILD_BUNDLE);
}

export type ExportFigure = { seconds: number; peakMb: number; rows: number; bytes: number };
export type ExportBench = {
  type: 'csv' | 'xlsx' | 'pdf';
  rows: number;
  server: ExportFigure;
  /** The same writer on as many generated rows, without the database: the libraries' own cost. */
  reference: ExportFigure;
};

/** DESIGN §6: row counts and limits of the three exports. */
export const EXPORT_CASES = [
  { type: 'csv', rows: 1_000_000, seconds: 10, peakMb: 300 },
  { type: 'xlsx', rows: 1_000_000, seconds: 60, peakMb: 400 },
  { type: 'pdf', rows: 100_000, seconds: 15, peakMb: 300 },
] as const;

async function measure(mode: 'server' | 'reference', type: string, rows: number, databaseUrl: string) {
  const { stdout } = await run(process.execPath, [CHILD_BUNDLE, mode, type, String(rows), databaseUrl], {
    maxBuffer: 1024 * 1024,
    timeout: 10 * 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ExportFigure;
}

/**
 * The users' exports on the PostgreSQL data set, each in a process of its own (time and peak
 * memory), beside the same writer on generated rows. `scale` shrinks the row counts (quick run).
 */
export async function benchExports(
  databaseUrl: string,
  available: number,
  scale = 1,
): Promise<ExportBench[]> {
  await buildChild();
  const results: ExportBench[] = [];
  for (const exportCase of EXPORT_CASES) {
    const rows = Math.min(available, Math.round(exportCase.rows * scale));
    log(`  export ${exportCase.type.toUpperCase()} of ${rows.toLocaleString('en')} users`);
    const server = await measure('server', exportCase.type, rows, databaseUrl);
    const reference = await measure('reference', exportCase.type, rows, databaseUrl);
    results.push({ type: exportCase.type, rows, server, reference });
  }
  return results;
}
