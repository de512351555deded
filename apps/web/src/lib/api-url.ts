import type { PermissionModule } from '@roam/contract/permissions';

/** The permission module a call belongs to, sent as `access_type` (SPEC §6). */
export type AccessType = PermissionModule | 'analytics';

export type QueryValue = string | number | boolean | null | undefined;

/** A call as the API client makes it: its path, query and access type (`buildUrl` its address). */
export type ApiCall = { path: string; query?: Record<string, QueryValue>; accessType: AccessType };

/**
 * The address of a call: its path, then its query's set values in the query's order and its
 * access type last. A module of its own so that the build can name a call's address too
 * (app/routes/early-requests.ts) without the API client's browser-only parts.
 */
export function buildUrl(
  path: string,
  options: { query?: Record<string, QueryValue>; accessType?: AccessType },
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  if (options.accessType) params.set('access_type', options.accessType);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
