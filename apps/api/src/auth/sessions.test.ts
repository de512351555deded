import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { createSessions } from './sessions';
import { loadSigningKeys, type SigningKeys } from './signing-keys';

/** An access token as the service signs it (issuer and audience as in sessions.ts). */
function accessToken(keys: SigningKeys, expiresIn: string): Promise<string> {
  return new SignJWT({ sv: 3, sid: 'family-1' })
    .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
    .setSubject('account-1')
    .setIssuer('roam-admin')
    .setAudience('roam-admin-api')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(keys.privateKey);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyAccessToken', () => {
  // Verifying never touches the database.
  const sessionsWith = (keys: SigningKeys) => createSessions({} as Database, keys);

  it('answers the claims of a good token, each time, and refuses one whose signature was altered', async () => {
    const keys = await loadSigningKeys(null);
    const sessions = sessionsWith(keys);
    const token = await accessToken(keys, '15m');
    expect(await sessions.verifyAccessToken(token)).toEqual({
      userId: 'account-1',
      sessionVersion: 3,
      sessionId: 'family-1',
    });
    expect(await sessions.verifyAccessToken(token)).toEqual({
      userId: 'account-1',
      sessionVersion: 3,
      sessionId: 'family-1',
    });
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const altered = `${token.slice(0, token.lastIndexOf('.') + 1)}${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await sessions.verifyAccessToken(altered)).toBeNull();
  });

  it('refuses a token that names no session', async () => {
    const keys = await loadSigningKeys(null);
    const token = await new SignJWT({ sv: 3 })
      .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
      .setSubject('account-1')
      .setIssuer('roam-admin')
      .setAudience('roam-admin-api')
      .setExpirationTime('15m')
      .sign(keys.privateKey);
    expect(await sessionsWith(keys).verifyAccessToken(token)).toBeNull();
  });

  it('refuses a token signed by another key', async () => {
    const sessions = sessionsWith(await loadSigningKeys(null));
    expect(
      await sessions.verifyAccessToken(await accessToken(await loadSigningKeys(null), '15m')),
    ).toBeNull();
  });

  it('refuses a remembered token once it has expired', async () => {
    const keys = await loadSigningKeys(null);
    const sessions = sessionsWith(keys);
    const token = await accessToken(keys, '60s');
    expect(await sessions.verifyAccessToken(token)).not.toBeNull();
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    expect(await sessions.verifyAccessToken(token)).toBeNull();
  });
});
