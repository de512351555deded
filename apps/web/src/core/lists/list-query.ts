import { LIST_ENDPOINTS } from '@roam/contract/endpoints';
import { AREA_MODULES } from '@roam/contract/entities';
import { COUNT_CAP, tileCountsSchema } from '@roam/contract/lists';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import type { ListDeclaration, ListRow } from './list-declaration';
import { isDefaultView, type ListSearch } from './list-search';

/** A count as the tiles and the total show it: past the server's cap, "10,000+" (DESIGN §6). */
export function formatCount(count: number, isCapped: boolean): string {
  const format = (value: number) => new Intl.NumberFormat('en-US').format(value);
  if (!isCapped) return format(count);
  return `${format(Math.min(count, COUNT_CAP))}+`;
}

/** Every list's answer: its rows under the area's key, the count for paging and the tile counts. */
const listEnvelopeSchema = tileCountsSchema.extend({ searchcount: z.number().int() }).passthrough();

export type ListPage<Row> = {
  rows: Row[];
  searchcount: number;
  counts: { all: number; active: number; inactive: number; deleted: number };
  /** More rows match than the server counted (COUNT_CAP): the counts are lower bounds. */
  isCapped: boolean;
};

/** The query a list sends for a URL state (SPEC §7: skip, limit, status, searchphrase, dates, city, uid). */
export function listApiQuery<Row extends ListRow>(
  declaration: ListDeclaration<Row>,
  search: ListSearch,
  userId: string | undefined,
): Record<string, string | number | undefined> {
  const { pageSize } = LIST_ENDPOINTS[declaration.area];
  const status = declaration.statusParam ? declaration.statusParam(search.status) : (search.status ?? 'All');
  return {
    skip: ((search.page ?? 1) - 1) * pageSize,
    limit: pageSize,
    status,
    searchphrase: search.q,
    from_date: search.from,
    to_date: search.to,
    city: search.city,
    type: search.type,
    [declaration.ownerParam ?? 'uid']: userId,
  };
}

/** Query keys of an area's lists start with ['list', area]: a change invalidates them all. */
export const listQueryRoot = (area: string) => ['list', area] as const;

export function listQueryOptions<Row extends ListRow>(
  declaration: ListDeclaration<Row>,
  search: ListSearch,
  userId: string | undefined,
) {
  const query = listApiQuery(declaration, search, userId);
  const endpoint = LIST_ENDPOINTS[declaration.area];
  return queryOptions({
    queryKey: [...listQueryRoot(declaration.area), query],
    queryFn: async ({ signal }): Promise<ListPage<Row>> => {
      const body = await apiRequest(`/admin${endpoint.path}`, {
        query,
        accessType: AREA_MODULES[declaration.area],
        schema: listEnvelopeSchema,
        signal,
      });
      const rows = body[endpoint.responseKey];
      const { active, inactive, deleted, searchcount, countsCapped } = body;
      return {
        rows: Array.isArray(rows) ? (rows as Row[]) : [],
        searchcount,
        counts: { all: active + inactive + deleted, active, inactive, deleted },
        isCapped: countsCapped === true,
      };
    },
    // SPEC §4: each status's unfiltered first page stays cached until a change invalidates it;
    // any search, date, city, type or page asks the server again.
    staleTime: isDefaultView(search) && !userId ? Number.POSITIVE_INFINITY : 0,
    placeholderData: keepPreviousData,
  });
}
