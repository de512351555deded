import { STORAGE_KEYS } from '@roam/contract/auth';
import { COLOR_SCHEME_STORAGE_KEY } from './color-scheme';

/**
 * The signed-in session lives in local storage under the keys SPEC §7 names (token, refresh, expIN).
 * Signing out clears all of local storage, as the spec asks, but for the light or dark choice:
 * that is the browser's, like the system setting it stands in for, not the session's.
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
  const colorScheme = localStorage.getItem(COLOR_SCHEME_STORAGE_KEY);
  localStorage.clear();
  if (colorScheme !== null) localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, colorScheme);
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
