import {
  DETAIL_SCHEMAS,
  type DetailArea,
  type REVIEWED_AREAS,
  reviewsResponseSchema,
} from '@roam/contract/details';
import { LIST_ENDPOINTS } from '@roam/contract/endpoints';
import { AREA_MODULES } from '@roam/contract/entities';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

/**
 * The detail calls (SPEC §7): GET /admin/{area path}/{id} and GET /admin/{area path}/review?itemID=.
 * The area's name gives the path (LIST_ENDPOINTS), the permission module (AREA_MODULES) and the
 * schema (DETAIL_SCHEMAS). Query keys start with the area's name, so the list's invalidation of
 * [area] after a change refreshes an open detail page too.
 */
export type DetailItem<Area extends DetailArea> = z.infer<(typeof DETAIL_SCHEMAS)[Area]>;
export type ReviewedArea = (typeof REVIEWED_AREAS)[number];

/** The area's path under /admin: '/admin/rental'. */
export function areaApiPath(area: DetailArea): string {
  return `/admin${LIST_ENDPOINTS[area].path}`;
}

export const detailQueryKey = (area: DetailArea, id: string) => [area, 'detail', id] as const;

export function detailQueryOptions<Area extends DetailArea>(area: Area, id: string) {
  return queryOptions({
    queryKey: detailQueryKey(area, id),
    queryFn: ({ signal }) =>
      apiRequest(`${areaApiPath(area)}/${encodeURIComponent(id)}`, {
        accessType: AREA_MODULES[area],
        schema: DETAIL_SCHEMAS[area] as unknown as z.ZodType<DetailItem<Area>>,
        signal,
      }),
  });
}

export function reviewsQueryOptions(area: ReviewedArea, itemId: string) {
  return queryOptions({
    queryKey: [area, 'reviews', itemId] as const,
    queryFn: ({ signal }) =>
      apiRequest(`${areaApiPath(area)}/review`, {
        query: { itemID: itemId },
        accessType: AREA_MODULES[area],
        schema: reviewsResponseSchema,
        signal,
      }),
  });
}
