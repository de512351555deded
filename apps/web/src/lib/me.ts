import type { AdminMe } from '@roam/contract/entities';
import { can, type PermissionAction, type PermissionModule } from '@roam/contract/permissions';
import { type FetchQueryOptions, type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import { readerOf } from './answer-shape';
import { apiRequest } from './api-client';
import { firstAnswerShapes } from './first-answers';

/**
 * The signed-in admin (GET /admin/me): sign-in checks it, the shell filters the navigation with
 * its permissions, the account page shows and edits it; its answer is read without zod
 * (lib/first-answers.ts). Its query key is the root ['me'].
 */
export const ME_QUERY_KEY = ['me'] as const;

export function getMe(signal?: AbortSignal): Promise<AdminMe> {
  return apiRequest('/admin/me', { read: readerOf<AdminMe>(firstAnswerShapes().me), signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    meta: { leavesOnRefusal: true },
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60 * 1000,
  });

/** SPEC §5: only an ACTIVE admin or sub-admin may use the panel. */
export function isActiveAdmin(me: AdminMe): boolean {
  return (me.role_type === 'admin' || me.role_type === 'sub-admin') && me.status === 'ACTIVE';
}

/** The contract's `can()` asked about the signed-in admin; nothing is allowed while `me` is unknown. */
export function canMe(me: AdminMe | undefined, module: PermissionModule, action: PermissionAction): boolean {
  if (!me) return false;
  return can({ role: me.role_type, permissions: me.permissions }, module, action);
}

/**
 * Asks for a page's data while the page's code is still loading, once the signed-in admin is known
 * and may read the module: the page's own query (same key) then finds it under way or done. A
 * refused or failed /admin/me is the page's to show (or the query cache's to act on), not this
 * guess's.
 */
export async function prefetchReadable<Data, Key extends QueryKey>(
  queryClient: QueryClient,
  module: PermissionModule,
  options: FetchQueryOptions<Data, Error, Data, Key>,
): Promise<void> {
  const me = await queryClient.ensureQueryData(meQueryOptions()).catch(() => undefined);
  if (canMe(me, module, 'read')) await queryClient.prefetchQuery(options);
}
