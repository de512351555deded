import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const folders: string[] = [];
function newFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'roam-lock-'));
  folders.push(folder);
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the embedded database folder', () => {
  it('is held by one opener at a time, and free again once released', () => {
    const folder = newFolder();
    const release = lockDataDir(folder);
    expect(() => lockDataDir(folder)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(folder)).toThrow(`pid ${process.pid}`);
    release();
    expect(existsSync(path.join(folder, 'pglite.lock'))).toBe(false);
    lockDataDir(folder)();
  });

  it('is taken over from a process that died holding it', () => {
    const folder = newFolder();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(path.join(folder, 'pglite.lock'), String(gone));
    const release = lockDataDir(folder);
    expect(() => lockDataDir(folder)).toThrow(`pid ${process.pid}`);
    release();
  });

  it('refuses a second database on a folder in use, leaving the first one working', async () => {
    const folder = newFolder();
    const first = await openDatabase({ dataDir: folder });
    try {
      await expect(openDatabase({ dataDir: folder })).rejects.toThrow(
        /is in use by another Roam Admin process/,
      );
      expect(await first.ping()).toBe(true);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir: folder });
    expect(await again.ping()).toBe(true);
    await again.close();
  });
});
