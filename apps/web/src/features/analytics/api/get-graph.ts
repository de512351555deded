import { type GraphType, graphAnswerSchema, graphDateParam } from '@roam/contract/analytics';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type GraphKind = 'users' | 'groups';

/** GET /admin/analytics/graph/{users,groups} for one window (its first and last periods). */
export const graphQueryOptions = (
  kind: GraphKind,
  window: { type: GraphType; first: string; last: string },
) =>
  queryOptions({
    queryKey: ['analytics', 'graph', kind, window.type, window.first, window.last],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest(`/admin/analytics/graph/${kind}`, {
        accessType: 'analytics',
        query: {
          type: window.type,
          startDate: graphDateParam(window.type, window.first),
          endDate: graphDateParam(window.type, window.last),
        },
        schema: graphAnswerSchema,
        signal,
      }),
  });
