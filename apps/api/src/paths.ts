import path from 'node:path';

/**
 * The API package's folder. This module sits one level below it both as source (src/paths.ts)
 * and in the built server (dist/server.js, one file), so every path the server reads from the
 * repository is taken from here rather than from the importing module's own location.
 */
const API_DIR = path.resolve(import.meta.dirname, '..');

/** Drizzle's migrations, one set for PostgreSQL and PGlite. */
export const MIGRATIONS_DIR = path.join(API_DIR, 'drizzle');
/** The built panel (`npm run build -w @roam/web`). */
export const WEB_DIST_DIR = path.resolve(API_DIR, '../web/dist');
