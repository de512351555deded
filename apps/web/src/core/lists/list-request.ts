import { AREAS, type AreaDefinition, type AreaName, statusQueryValue } from '@roam/contract/areas';
import type { ApiCall } from '../../lib/api-url';
import type { ListDeclaration, ListRow } from './list-declaration';
import type { ListSearch } from './list-search';

/*
 * What a list asks the server for, apart from how: nothing here needs a browser, so the build
 * names a list page's first request with it too (app/routes/early-requests.ts).
 */

/**
 * The query a list sends for a URL state (SPEC §7: skip, limit, status, searchphrase, dates, city,
 * uid; DESIGN §4's sort). A page reached from its neighbour carries that neighbour's cursor in the
 * URL and is read from it (`after`, `before`, `before=end`) rather than by skip, however deep.
 */
export function listApiQuery<Row extends ListRow>(
  declaration: Pick<ListDeclaration<Row>, 'area'>,
  search: ListSearch,
  userId: string | undefined,
): Record<string, string | number | undefined> {
  const { pageSize, ownerParam = 'uid' } = AREAS[declaration.area].list as AreaDefinition['list'];
  const status = statusQueryValue(declaration.area, search.status);
  const hasCursor = search.after !== undefined || search.before !== undefined;
  return {
    ...(hasCursor
      ? { after: search.after, before: search.before }
      : { skip: ((search.page ?? 1) - 1) * pageSize }),
    limit: pageSize,
    status,
    searchphrase: search.q,
    from_date: search.from,
    to_date: search.to,
    city: search.city,
    type: search.type,
    sort: search.sort,
    [ownerParam]: userId,
  };
}

/**
 * A list's request for a URL state: what its query sends (listQueryOptions), and what the build
 * names as a list page's first request (app/routes/early-requests.ts).
 */
export function listRequest(
  area: AreaName,
  search: ListSearch,
  userId: string | undefined,
): ApiCall & { query: Record<string, string | number | undefined> } {
  const { module, list } = AREAS[area];
  return { path: `/admin${list.path}`, query: listApiQuery({ area }, search, userId), accessType: module };
}
