// Builds the server into one ES module, apps/api/dist/server.js (bundle-server.mjs): Node starts
// that file without a TypeScript loader, which saves a second or more of each start.
// `node apps/api/scripts/build.mjs` builds only when dist/server.js is missing or older than its
// sources; `--force` builds anyway.
import path from 'node:path';
import { isStale } from '../../../scripts/is-stale.mjs';
import { bundleServer } from './bundle-server.mjs';

const apiDir = path.resolve(import.meta.dirname, '..');
const entry = path.join(apiDir, 'src/server.ts');
const SERVER_BUNDLE = path.join(apiDir, 'dist/server.js');
const sources = [path.join(apiDir, 'src'), path.resolve(apiDir, '../../packages/contract/src')];

if (process.argv.includes('--force') || isStale(SERVER_BUNDLE, sources)) {
  await bundleServer(entry, SERVER_BUNDLE);
}
