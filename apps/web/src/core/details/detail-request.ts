import { AREAS, type DetailAreaName, type ReviewedAreaName } from '@roam/contract/areas';
import type { ApiCall } from '../../lib/api-url';

/*
 * What a detail page asks the server for, apart from how: nothing here needs a browser, so the
 * build names a detail page's first request with it too (app/routes/early-requests.ts).
 */

/** The area's path under /admin: '/admin/rental'. */
export function areaApiPath(area: DetailAreaName | ReviewedAreaName): string {
  return `/admin${AREAS[area].list.path}`;
}

/** GET /admin/{area path}/{id}: one item (detailQueryOptions). */
export function detailRequest(area: DetailAreaName, id: string): ApiCall {
  return { path: `${areaApiPath(area)}/${encodeURIComponent(id)}`, accessType: AREAS[area].module };
}
