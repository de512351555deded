import { AREA_NAMES, type AreaName, listSearchSchemaOf } from '@roam/contract/areas';
import { listRequestUrl } from '../../core/lists/list-request';
import { LIST_PATHS } from '../layout/list-paths';

/** A list page opened as is, and the request for its data. */
export type EarlyListPage = { area: AreaName; path: string; request: string };

/**
 * Each area's list page opened as is (no search in its address) and the request its data needs
 * first: the status's first page, the very address the list's own query asks for (the protected
 * route's prefetch, with the router's empty search). The build writes them into the page with the
 * list's files (vite.config.ts), and a signed-in admin's page asks for both at once
 * (public/first-paint.js) rather than once the panel's code has run. Nothing here needs a browser.
 */
export function earlyListPages(): EarlyListPage[] {
  return AREA_NAMES.map((area) => ({
    area,
    path: LIST_PATHS[area],
    request: listRequestUrl(area, listSearchSchemaOf(area).parse({}), undefined),
  }));
}
