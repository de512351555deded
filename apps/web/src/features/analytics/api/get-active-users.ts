import { activeUsersAnswerSchema, type MapRange, mapRangeStart } from '@roam/contract/analytics';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /admin/analytics/users: distinct active users per country since the range's first day.
 * A refusal shows in place: the counters' query on the same page carries the sign-out rule.
 */
export const activeUsersQueryOptions = (range: MapRange) =>
  queryOptions({
    queryKey: ['analytics', 'users', range],
    meta: { leavesOnRefusal: false },
    queryFn: ({ signal }) =>
      apiRequest('/admin/analytics/users', {
        accessType: 'analytics',
        query: { from_date: mapRangeStart(range) },
        schema: activeUsersAnswerSchema,
        signal,
      }),
  });
