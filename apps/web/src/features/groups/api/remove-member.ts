import { AREAS, callPath } from '@roam/contract/areas';
import type { removeMemberBodySchema } from '@roam/contract/details';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { areaQueryKeys } from '../../../core/area-query-keys';
import { apiRequest } from '../../../lib/api-client';

export type RemoveMemberBody = z.infer<typeof removeMemberBodySchema>;

/** POST /admin/group/remove/members with the JSON body {statusID, userID} (SPEC §7). */
export function removeMember(body: RemoveMemberBody): Promise<unknown> {
  const call = AREAS.groups.calls.removeMember;
  return apiRequest(callPath(call), {
    method: call.method,
    json: body,
    accessType: 'groupManagement',
  });
}

/** After a removal the group and the group lists (member counts) are loaded again. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: areaQueryKeys.all('groups') });
    },
  });
}
