import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Why the embedded database's folder cannot be opened: another live process holds it. */
export class DataDirInUseError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Keeps a second process off the embedded database's folder: PGlite has a single writer, and two
 * processes on one folder (a second `npm start`, say) corrupt it. The lock is a file holding the
 * holder's pid, made with an exclusive create; a lock whose process has died (a crash) is taken
 * over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          unlinkSync(lockFile);
        } catch {}
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    if (Number.isInteger(holder) && isAlive(holder)) {
      throw new DataDirInUseError(
        `${dataDir} is in use by another Roam Admin process (pid ${holder}): stop it, or give this one another DATA_DIR (if no such process runs, delete ${lockFile})`,
      );
    }
    unlinkSync(lockFile);
  }
}
