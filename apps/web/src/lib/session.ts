import { STORAGE_KEYS } from '@roam/contract/auth';

/**
 * The signed-in session lives in local storage under the keys SPEC §7 names (token, refresh, expIN).
 * Signing out clears all of local storage, as the spec asks.
 */
export type SessionTokens = { access_token: string; refresh_token: string; expires_in: number };

export function getAccessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refresh);
}

export function hasSession(): boolean {
  return Boolean(getAccessToken());
}

export function storeTokens(tokens: SessionTokens): void {
  localStorage.setItem(STORAGE_KEYS.token, tokens.access_token);
  localStorage.setItem(STORAGE_KEYS.refresh, tokens.refresh_token);
  localStorage.setItem(STORAGE_KEYS.expiresIn, String(tokens.expires_in));
}

export function clearSession(): void {
  localStorage.clear();
}

export function isSessionTokens(value: unknown): value is SessionTokens {
  if (typeof value !== 'object' || value === null) return false;
  const tokens = value as Record<string, unknown>;
  return (
    typeof tokens.access_token === 'string' &&
    typeof tokens.refresh_token === 'string' &&
    typeof tokens.expires_in === 'number'
  );
}
