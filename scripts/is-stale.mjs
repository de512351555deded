// Whether a built file must be built again: it is missing, or a source (a file, or a folder walked
// whole) was modified after it. `npm start` asks it of the panel and of the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestModification(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestModification(path.join(target, name))),
    0,
  );
}

export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestModification(source) > built);
}
