import { AREAS, type DetailAreaName, type DetailItem, type ReviewedAreaName } from '@roam/contract/areas';
import { reviewsResponseSchema } from '@roam/contract/details';
import { queryOptions } from '@tanstack/react-query';
import { readerOf } from '../../lib/answer-shape';
import { apiRequest } from '../../lib/api-client';
import { firstAnswerShapes } from '../../lib/first-answers';
import { areaQueryKeys } from '../area-query-keys';
import { areaApiPath, detailRequest } from './detail-request';

/**
 * The detail calls (SPEC §7): GET /admin/{area path}/{id} and GET /admin/{area path}/review?itemID=.
 * The area's entry in AREAS gives the path, the permission module and the schema; the item's answer
 * is read by its schema's shape (lib/first-answers.ts), without zod, as the page's first paint waits
 * for it. Query keys start with the area's name, so the list's invalidation of [area] after a change
 * refreshes an open detail page too.
 */

export const detailQueryKey = (area: DetailAreaName, id: string) => areaQueryKeys.detail(area, id);

/** `onItem` sees the item as soon as it has been read (the route's first-photo ask). */
export function detailQueryOptions<Area extends DetailAreaName>(
  area: Area,
  id: string,
  onItem?: (item: DetailItem<Area>) => void,
) {
  return queryOptions({
    queryKey: detailQueryKey(area, id),
    queryFn: async ({ signal }) => {
      const { path, accessType } = detailRequest(area, id);
      const read = readerOf<DetailItem<Area>>(firstAnswerShapes().items[area]);
      const item = await apiRequest(path, { accessType, read, signal });
      onItem?.(item);
      return item;
    },
  });
}

export function reviewsQueryOptions(area: ReviewedAreaName, itemId: string) {
  return queryOptions({
    queryKey: areaQueryKeys.reviews(area, itemId),
    queryFn: ({ signal }) =>
      apiRequest(`${areaApiPath(area)}/review`, {
        query: { itemID: itemId },
        accessType: AREAS[area].module,
        schema: reviewsResponseSchema,
        signal,
      }),
  });
}
