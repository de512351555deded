/** Writes `entry` and what it imports from the workspace to `outfile` (bundle-server.mjs). */
export function bundleServer(entry: string, outfile: string): Promise<void>;
