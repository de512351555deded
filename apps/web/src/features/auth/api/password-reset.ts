import { passwordResetCheckResponseSchema } from '@roam/contract/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Account recovery (DESIGN §4). None of these calls carries a token. */

/** POST /auth/password-reset: answers 200 whatever the email, so nobody learns who has an account. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiRequest('/auth/password-reset', { method: 'POST', json: { email }, isAuthenticated: false });
}

/** GET /auth/password-reset?oobCode=: the code's email, or 400 INVALID_OOB_CODE / EXPIRED_OOB_CODE. */
export const resetCodeQueryOptions = (oobCode: string) =>
  queryOptions({
    queryKey: ['auth', 'password-reset', oobCode],
    queryFn: ({ signal }) =>
      apiRequest('/auth/password-reset', {
        query: { oobCode },
        schema: passwordResetCheckResponseSchema,
        isAuthenticated: false,
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST /auth/password-reset/confirm: 200, or 400 naming the rule the password failed. */
export function confirmPasswordReset(input: { oobCode: string; newPassword: string }): Promise<unknown> {
  return apiRequest('/auth/password-reset/confirm', { method: 'POST', json: input, isAuthenticated: false });
}
