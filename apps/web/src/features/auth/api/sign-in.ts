import { tokenResponseSchema } from '@roam/contract/auth';
import type { AdminMe } from '@roam/contract/entities';
import { apiRequest } from '../../../lib/api-client';
import { getMe, isActiveAdmin } from '../../../lib/me';
import { storeTokens } from '../../../lib/session';
import { signOut } from '../../../lib/sign-out';

export type SignInCredentials = { email: string; password: string };

/** The tokens are valid but they do not belong to an ACTIVE admin or sub-admin (SPEC §5). */
export class NotAdminError extends Error {
  constructor() {
    super('Not an active admin');
    this.name = 'NotAdminError';
  }
}

/**
 * POST /auth/signin, then GET /admin/me: only an ACTIVE admin or sub-admin stays signed in.
 * Anyone else (the server also answers 403) is signed out again and local storage is cleared.
 */
export async function signInAsAdmin(credentials: SignInCredentials): Promise<AdminMe> {
  const tokens = await apiRequest('/auth/signin', {
    method: 'POST',
    json: credentials,
    schema: tokenResponseSchema,
    isAuthenticated: false,
  });
  storeTokens(tokens);

  let me: AdminMe;
  try {
    me = await getMe();
  } catch (error) {
    await signOut();
    throw error;
  }
  if (!isActiveAdmin(me)) {
    await signOut();
    throw new NotAdminError();
  }
  return me;
}
