import { type ProfileData, profileDataResponseSchema } from '@roam/contract/details';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userProfileRequest } from './user-profile-request';

/**
 * GET /admin/users/profile/data?uid= (SPEC §7): a user's profile, counts and the first five of each
 * of their lists. `id` is the route's user id (userID or _id). Under ['users'], so any change to
 * users refreshes it.
 */
export function getUserProfile(id: string, signal?: AbortSignal): Promise<ProfileData> {
  const { path, query, accessType } = userProfileRequest(id);
  return apiRequest(path, { query, accessType, schema: profileDataResponseSchema, signal });
}

export const userProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'profile', id],
    queryFn: ({ signal }) => getUserProfile(id, signal),
  });
