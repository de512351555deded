import { type TokenResponse, tokenResponseSchema } from '@roam/contract/auth';
import type { AdminMe } from '@roam/contract/entities';
import { signinAnswerSchema } from '@roam/contract/mfa';
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

/** Signed in, or one step left: the code of the account's two-factor sign-in (DESIGN §8). */
export type SignInResult = { kind: 'signed-in'; me: AdminMe } | { kind: 'mfa'; mfaToken: string };

/**
 * POST /auth/signin, then GET /admin/me: only an ACTIVE admin or sub-admin stays signed in.
 * Anyone else (the server also answers 403) is signed out again and local storage is cleared.
 * An account with two-factor sign-in on gets an `mfa_token` instead of tokens: `verifyMfa` next.
 */
export async function signInAsAdmin(credentials: SignInCredentials): Promise<SignInResult> {
  const answer = await apiRequest('/auth/signin', {
    method: 'POST',
    json: credentials,
    schema: signinAnswerSchema,
    isAuthenticated: false,
  });
  return settle(answer);
}

/** The answer of a first step (the password, or a social provider's exchange). */
export async function settle(
  answer: TokenResponse | { mfa_required: true; mfa_token: string },
): Promise<SignInResult> {
  if ('mfa_required' in answer) return { kind: 'mfa', mfaToken: answer.mfa_token };
  return { kind: 'signed-in', me: await finishSignIn(answer) };
}

export type MfaProof = { code: string } | { recovery_code: string };

/** POST /auth/mfa/verify: the code (or a recovery code) after the first step. */
export async function verifyMfa(mfaToken: string, proof: MfaProof): Promise<AdminMe> {
  const tokens = await apiRequest('/auth/mfa/verify', {
    method: 'POST',
    json: { mfa_token: mfaToken, ...proof },
    schema: tokenResponseSchema,
    isAuthenticated: false,
  });
  return finishSignIn(tokens);
}

async function finishSignIn(tokens: TokenResponse): Promise<AdminMe> {
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
