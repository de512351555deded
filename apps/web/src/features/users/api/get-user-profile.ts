import type { ProfileData } from '@roam/contract/details';
import { queryOptions } from '@tanstack/react-query';
import { readerOf } from '../../../lib/answer-shape';
import { apiRequest } from '../../../lib/api-client';
import { firstAnswerShapes } from '../../../lib/first-answers';
import { userProfileRequest } from './user-profile-request';

/**
 * GET /admin/users/profile/data?uid= (SPEC §7): a user's profile, counts and the first five of each
 * of their lists, read by its schema's shape without zod (lib/first-answers.ts). `id` is
 * the route's user id (userID or _id). Under ['users'], so any change to users refreshes it.
 */
export function getUserProfile(id: string, signal?: AbortSignal): Promise<ProfileData> {
  const { path, query, accessType } = userProfileRequest(id);
  const read = readerOf<ProfileData>(firstAnswerShapes().profile);
  return apiRequest(path, { query, accessType, read, signal });
}

export const userProfileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'profile', id],
    queryFn: ({ signal }) => getUserProfile(id, signal),
  });
