import type { AdminMe } from '@roam/contract/entities';
import { splitFullName } from '@roam/contract/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/me';

export type UpdateMeInput = { me: AdminMe; fullName: string; username: string; avatar: File | null };

/**
 * PUT /admin/me, multipart: userID, username, homeLocation, fullname (the full name's first word),
 * lastname (the rest) and, last so the server reads the fields first, the optional avatar file.
 */
export function updateMe({ me, fullName, username, avatar }: UpdateMeInput): Promise<unknown> {
  const { fullname, lastname } = splitFullName(fullName);
  const body = new FormData();
  body.append('userID', me.profile.userID);
  body.append('username', username.trim());
  if (me.profile.homeLocation) body.append('homeLocation', me.profile.homeLocation);
  body.append('fullname', fullname);
  body.append('lastname', lastname);
  if (avatar) body.append('file', avatar, avatar.name);
  return apiRequest('/admin/me', { method: 'PUT', formData: body });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
