import { apiRequest } from './api-client';
import { clearSession, getRefreshToken } from './session';

/**
 * Ends the session: revokes the refresh token on the server (a failure is ignored, the session is
 * ended locally anyway) and clears all of local storage (SPEC §2, Logout).
 */
export async function signOut(): Promise<void> {
  const refreshToken = getRefreshToken();
  clearSession();
  if (!refreshToken) return;
  try {
    await apiRequest('/auth/signout', {
      method: 'POST',
      json: { refresh_token: refreshToken },
      isAuthenticated: false,
    });
  } catch {
    // Ignored: the tokens are gone from this browser and the access token expires soon.
  }
}
