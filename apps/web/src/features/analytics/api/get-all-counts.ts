import { analyticsCountsSchema } from '@roam/contract/entities';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /admin/analytics/allcount: the dashboard counters. Query keys of the area start with 'analytics'. */
export const allCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['analytics', 'allcount'],
    meta: { leavesOnRefusal: true },
    queryFn: ({ signal }) =>
      apiRequest('/admin/analytics/allcount', {
        accessType: 'analytics',
        schema: analyticsCountsSchema,
        signal,
      }),
  });
