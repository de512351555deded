import { AREA_NAMES, AREAS, type AreaName } from './areas';

export type { AreaName } from './areas';

/** Transitional: each area's list path, response key and page size, read from AREAS. */
export type ListEndpoint = { path: string; responseKey: string; pageSize: number };

export const LIST_ENDPOINTS = Object.fromEntries(
  AREA_NAMES.map((name) => {
    const { path, responseKey, pageSize } = AREAS[name].list;
    return [name, { path, responseKey, pageSize }];
  }),
) as Record<AreaName, ListEndpoint>;
