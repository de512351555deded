import type { AreaName } from '@roam/contract/areas';

/**
 * Every query of an area starts with the area's name (STYLE rule 8): its lists, its items, their
 * reviews and applications. A change in an area invalidates `areaQueryKeys.all(area)`, which
 * refreshes every open list and detail page of it.
 */
export const areaQueryKeys = {
  all: (area: AreaName) => [area] as const,
  lists: (area: AreaName) => [area, 'list'] as const,
  list: (area: AreaName, query: Record<string, unknown>) => [area, 'list', query] as const,
  detail: (area: AreaName, id: string) => [area, 'detail', id] as const,
  reviews: (area: AreaName, id: string) => [area, 'reviews', id] as const,
  applications: (area: AreaName, id: string, query: Record<string, unknown>) =>
    [area, 'applications', id, query] as const,
};
