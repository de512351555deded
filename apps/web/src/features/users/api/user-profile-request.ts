import { AREAS, callPath } from '@roam/contract/areas';
import type { ApiCall } from '../../../lib/api-url';

/**
 * GET /admin/users/profile/data?uid=: what a user's profile asks the server for, apart from how
 * (getUserProfile). Nothing here needs a browser, so the build names the profile's first request
 * with it too (app/routes/early-requests.ts).
 */
export function userProfileRequest(id: string): ApiCall & { query: { uid: string } } {
  return { path: callPath(AREAS.users.calls.profile), query: { uid: id }, accessType: AREAS.users.module };
}
