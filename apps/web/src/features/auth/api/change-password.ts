import { MESSAGES } from '@roam/contract/messages';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /auth/password with the bearer token: 200, 401 'Incorrect password' (the current password is
 * wrong; that 401 is the answer, not an expired token) or 400 naming the rule that failed.
 */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  // The server ends the account's other sessions and hands this one new tokens: the client keeps them.
  await apiRequest('/auth/password', {
    method: 'POST',
    json: input,
    isOwnUnauthorized: (error) => error.message === MESSAGES.incorrectPassword,
    replacesSession: true,
  });
}
