import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { PASSWORD_MAX_LENGTH } from './validation';

/** The authentication service (DESIGN §4). */
export const signinBodySchema = lazySchema(() =>
  z.object({
    email: z.string().trim().min(1).max(254),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  }),
);
export const tokenResponseSchema = lazySchema(() =>
  z.object({
    access_token: z.string(),
    refresh_token: z.string(),
    expires_in: z.number().int(),
    token_type: z.literal('Bearer'),
  }),
);
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const refreshBodySchema = lazySchema(() =>
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(200),
  }),
);
export const signoutBodySchema = lazySchema(() => z.object({ refresh_token: z.string().min(1).max(200) }));
export const passwordResetRequestSchema = lazySchema(() =>
  z.object({ email: z.string().trim().min(1).max(254) }),
);
export const passwordResetCheckQuerySchema = lazySchema(() =>
  z.object({ oobCode: z.string().min(1).max(200) }),
);
export const passwordResetCheckResponseSchema = lazySchema(() => z.object({ email: z.string() }));
export const passwordResetConfirmSchema = lazySchema(() =>
  z.object({
    oobCode: z.string().min(1).max(200),
    newPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  }),
);
export const changePasswordBodySchema = lazySchema(() =>
  z.object({
    currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    newPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  }),
);

/** Error codes the panel reacts to. */
export const AUTH_ERRORS = {
  invalidLogin: 'INVALID_LOGIN_CREDENTIALS',
  invalidRefreshToken: 'INVALID_REFRESH_TOKEN',
  invalidOobCode: 'INVALID_OOB_CODE',
  expiredOobCode: 'EXPIRED_OOB_CODE',
} as const;

/** Keys of the browser's local storage (SPEC §7: token, refresh, expIN). */
export const STORAGE_KEYS = { token: 'token', refresh: 'refresh', expiresIn: 'expIN' } as const;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const RESET_CODE_TTL_SECONDS = 60 * 60;
