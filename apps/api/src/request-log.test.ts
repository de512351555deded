import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openTestDatabase } from './test-support/database';

/** The log lines an app writes at `level` while it answers one request. */
async function linesOfOneRequest(level: string): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roam-log-'));
  const database = await openTestDatabase();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'none' }),
    database,
    servePanel: false,
    logger: { level, stream },
  });
  try {
    await app.ready();
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    return [...lines];
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('the request log', () => {
  it('writes no line per request at the default level, and one at debug', async () => {
    expect(await linesOfOneRequest('info')).toEqual([]);
    const debug = await linesOfOneRequest('debug');
    expect(debug.filter((line) => line.msg === 'request completed')).toEqual([
      expect.objectContaining({ method: 'GET', url: '/healthz', statusCode: 200 }),
    ]);
  });
});
