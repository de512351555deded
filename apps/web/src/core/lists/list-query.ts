import { AREAS, type AreaName } from '@roam/contract/areas';
import { COUNT_CAP, type CountKind, countKindOf, formatWholeNumber } from '@roam/contract/lists';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { readerOf } from '../../lib/answer-shape';
import { apiRequest } from '../../lib/api-client';
import { firstAnswerShapes, type ListEnvelope } from '../../lib/first-answers';
import { prefetchReadable } from '../../lib/me';
import { areaQueryKeys } from '../area-query-keys';
import type { ListDeclaration, ListRow } from './list-declaration';
import { listRequest } from './list-request';
import { isDefaultView, type ListSearch } from './list-search';

/**
 * A count as the tiles and the total show it (DESIGN §6): exact, past the server's cap "10,000+",
 * or an estimate "about 25,000" (two significant figures: it is no more precise than that).
 */
export function formatCount(count: number, kind: CountKind): string {
  if (kind === 'about') return `about ${formatWholeNumber(count, 2)}`;
  if (kind === 'exact') return formatWholeNumber(count);
  return `${formatWholeNumber(Math.min(count, COUNT_CAP))}+`;
}

export type ListPage<Row> = {
  rows: Row[];
  searchcount: number;
  counts: { all: number; active: number; inactive: number; deleted: number };
  /** Whether the counts are exact, lower bounds (past COUNT_CAP) or estimates. */
  countKind: CountKind;
  /** Where the pages beside this one start (DESIGN §4 cursors); null at an end or when not given. */
  nextCursor: string | null;
  prevCursor: string | null;
};

export function listQueryOptions<Row extends ListRow>(
  declaration: Pick<ListDeclaration<Row>, 'area'>,
  search: ListSearch,
  userId: string | undefined,
) {
  const { path, query, accessType } = listRequest(declaration.area, search, userId);
  const { list } = AREAS[declaration.area];
  return queryOptions({
    queryKey: areaQueryKeys.list(declaration.area, query),
    meta: { leavesOnRefusal: true },
    queryFn: async ({ signal }): Promise<ListPage<Row>> => {
      const body = await apiRequest(path, {
        query,
        accessType,
        read: readerOf<ListEnvelope>(firstAnswerShapes().listEnvelope),
        signal,
      });
      const rows = body[list.responseKey];
      const { active, inactive, deleted, searchcount } = body;
      return {
        rows: Array.isArray(rows) ? (rows as Row[]) : [],
        searchcount,
        counts: { all: active + inactive + deleted, active, inactive, deleted },
        countKind: countKindOf(body),
        nextCursor: body.nextCursor ?? null,
        prevCursor: body.prevCursor ?? null,
      };
    },
    // SPEC §4: each status's unfiltered first page, newest first, stays cached until a change
    // invalidates it; any search, date, city, type, order or page asks the server again.
    staleTime: isDefaultView(search) && !search.sort && !userId ? Number.POSITIVE_INFINITY : 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Asks for a list page while the page's code is still loading, once the signed-in admin is known
 * and may read the area: the list screen's own query (same key) then finds it under way or done.
 * Only a view the screen takes from the cache as it is (a status's first page, SPEC §4): a search
 * or a later page is asked for by the screen itself, each time it opens.
 */
export async function prefetchList(
  queryClient: QueryClient,
  area: AreaName,
  search: ListSearch,
): Promise<void> {
  const options = listQueryOptions({ area }, search, undefined);
  if (options.staleTime === 0) return;
  await prefetchReadable(queryClient, AREAS[area].module, options);
}
