// Bundles a server entry into one ES module of plain JavaScript, the way the server runs: the
// API's TypeScript and the contract's, bundled and stripped of types, with every npm package left
// to node_modules (JSON data files are bundled: Node 20 loads them only with an import attribute).
// Used by build.mjs for dist/server.js, and by the bench for its export child.
import { build } from 'esbuild';

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

/** Writes `entry` and what it imports from the workspace to `outfile`. */
export async function bundleServer(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    plugins: [leavePackagesOut],
    logLevel: 'warning',
  });
}
