import { AREAS, callPath } from '@roam/contract/areas';
import { GROUP_MEMBERS_PAGE_SIZE, type GroupDetail } from '@roam/contract/details';
import { queryOptions } from '@tanstack/react-query';
import { areaQueryKeys } from '../../../core/area-query-keys';
import { readerOf } from '../../../lib/answer-shape';
import { apiRequest } from '../../../lib/api-client';
import { firstAnswerShapes } from '../../../lib/first-answers';

/** The member list's filters and page, as the URL holds them (SPEC §2 Group detail). */
export type MemberFilters = { q?: string; from?: string; to?: string; page?: number };

/** The query GET /admin/group/{statusID} takes: 20 members per page (SPEC §9), search and dates. */
export function memberQuery(filters: MemberFilters): Record<string, string | number | undefined> {
  return {
    skip: ((filters.page ?? 1) - 1) * GROUP_MEMBERS_PAGE_SIZE,
    limit: GROUP_MEMBERS_PAGE_SIZE,
    searchphrase: filters.q,
    from_date: filters.from,
    to_date: filters.to,
  };
}

/** A group's page, read by its schema's shape without zod, as the other detail pages' (lib/first-answers.ts). */
export function getGroupDetail(
  statusId: string,
  filters: MemberFilters,
  signal?: AbortSignal,
): Promise<GroupDetail> {
  return apiRequest(callPath(AREAS.groups.calls.detail, { id: statusId }), {
    query: memberQuery(filters),
    accessType: 'groupManagement',
    read: readerOf<GroupDetail>(firstAnswerShapes().group),
    signal,
  });
}

/**
 * A group with one page of its members. Under ['groups'], so any change to groups refreshes it. As on
 * the lists (SPEC §4), a page or filter shown again is asked for again; meanwhile the page on screen
 * stays, if it is of the same group.
 */
export const groupDetailQueryOptions = (statusId: string, filters: MemberFilters) => {
  const query = memberQuery(filters);
  return queryOptions({
    queryKey: [...areaQueryKeys.detail('groups', statusId), query],
    queryFn: ({ signal }) => getGroupDetail(statusId, filters, signal),
    staleTime: 0,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === statusId ? previous : undefined,
  });
};
