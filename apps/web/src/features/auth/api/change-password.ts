import { MESSAGES } from '@roam/contract/messages';
import { apiRequest } from '../../../lib/api-client';
import { isSessionTokens, storeTokens } from '../../../lib/session';

/**
 * POST /auth/password with the bearer token: 200, 401 'Incorrect password' (the current password is
 * wrong; that 401 is the answer, not an expired token) or 400 naming the rule that failed.
 */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  const body = await apiRequest('/auth/password', {
    method: 'POST',
    json: input,
    isOwnUnauthorized: (error) => error.message === MESSAGES.incorrectPassword,
  });
  // The server ends the account's other sessions; if it hands this one new tokens, keep them.
  if (isSessionTokens(body)) storeTokens(body);
}
