import { STORAGE_KEYS } from '@roam/contract/auth';
import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from './color-scheme';
import { clearSession, hasSession, storeTokens } from './session';

describe('clearSession', () => {
  it("clears local storage but for this browser's light or dark choice", () => {
    storeTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 900 });
    localStorage.setItem('something-else', 'gone');
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');

    clearSession();

    expect(hasSession()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).toBeNull();
    expect(localStorage.getItem('something-else')).toBeNull();
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(localStorage.length).toBe(1);
  });
});
