import { AREAS, callPath } from '@roam/contract/areas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { areaQueryKeys } from '../../../core/area-query-keys';
import { apiRequest } from '../../../lib/api-client';

/** The two changes the profile offers (SPEC §4: only ACTIVE to INACTIVE and back). */
export type UserStatusChange = 'activate' | 'inactivate';

/** PUT /admin/users/enable?uid= or POST /admin/users/disable?uid= (SPEC §7), uid being the user's _id. */
export function setUserStatus({ userId, change }: { userId: string; change: UserStatusChange }) {
  const call = change === 'activate' ? AREAS.users.calls.enable : AREAS.users.calls.disable;
  return apiRequest(callPath(call), {
    method: call.method,
    query: { uid: userId },
    accessType: AREAS.users.module,
  });
}

/** After a change the profile and every user list are loaded again (SPEC §4). */
export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: areaQueryKeys.all('users') });
    },
  });
}
