// Builds the server into one ES module, apps/api/dist/server.js: the API's TypeScript and the
// contract's, bundled and stripped of types, with every npm package left to node_modules (JSON
// data files are bundled: Node 20 loads them only with an import attribute). Node starts that file
// without a TypeScript loader, which saves a second or more of each start.
// `node apps/api/scripts/build.mjs` builds only when dist/server.js is missing or older than its
// sources; `--force` builds anyway.
import path from 'node:path';
import { build } from 'esbuild';
import { isStale } from '../../../scripts/is-stale.mjs';

const apiDir = path.resolve(import.meta.dirname, '..');
const entry = path.join(apiDir, 'src/server.ts');
const SERVER_BUNDLE = path.join(apiDir, 'dist/server.js');
const sources = [path.join(apiDir, 'src'), path.resolve(apiDir, '../../packages/contract/src')];

/** A package import (not a relative path) other than the workspace's own contract or a JSON file. */
const leavePackagesOut = {
  name: 'leave-packages-out',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@roam/') || args.path.endsWith('.json')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

if (process.argv.includes('--force') || isStale(SERVER_BUNDLE, sources)) {
  await build({
    entryPoints: [entry],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    plugins: [leavePackagesOut],
    logLevel: 'warning',
  });
}
