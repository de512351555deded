import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type TokenResponse } from '@roam/contract/auth';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client';
import { refreshTokens, users } from '../db/schema';
import { hashSecret, randomSecret } from './secrets';
import { SIGNING_ALGORITHM, type SigningKeys } from './signing-keys';

const ISSUER = 'roam-admin';
const AUDIENCE = 'roam-admin-api';
/** How many verified access tokens a process remembers (a few MB at most). */
const VERIFIED_TOKENS_CAP = 10_000;

/** Whose token, which version of their sessions, and which session (its refresh-token family). */
export type AccessClaims = { userId: string; sessionVersion: number; sessionId: string };

/**
 * Sessions: a short-lived signed access token plus a random refresh token stored hashed, rotated on
 * every use; presenting a used refresh token again revokes its whole family (DESIGN §7).
 */
export function createSessions(db: Database, keys: SigningKeys) {
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  function remember(token: string, claims: AccessClaims, expiresAt: number) {
    // Bounded: past the cap the oldest entry goes (a Map iterates in insertion order).
    if (verified.size >= VERIFIED_TOKENS_CAP) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAt });
  }

  async function signAccessToken(userId: string, sessionVersion: number, familyId: string): Promise<string> {
    return new SignJWT({ sv: sessionVersion, sid: familyId })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.kid })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(keys.privateKey);
  }

  async function issueRefreshToken(userId: string, familyId: string): Promise<string> {
    const token = randomSecret();
    await db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return token;
  }

  async function tokenResponse(
    userId: string,
    sessionVersion: number,
    familyId: string,
  ): Promise<TokenResponse> {
    return {
      access_token: await signAccessToken(userId, sessionVersion, familyId),
      refresh_token: await issueRefreshToken(userId, familyId),
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      token_type: 'Bearer',
    };
  }

  return {
    /** A new session (a new refresh-token family). */
    start(user: { id: string; sessionVersion: number }): Promise<TokenResponse> {
      return tokenResponse(user.id, user.sessionVersion, crypto.randomUUID());
    },

    /**
     * Verifies an access token's signature, algorithm, issuer, audience and expiry. A token that
     * passed is remembered, by its whole text (signature included), until it expires: the
     * signature check is the costliest step of a request, and an admin sends the same token with
     * every call for its 15 minutes.
     */
    async verifyAccessToken(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, keys.publicKey, {
          algorithms: [SIGNING_ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sv !== 'number' ||
          typeof payload.sid !== 'string'
        )
          return null;
        const claims = { userId: payload.sub, sessionVersion: payload.sv, sessionId: payload.sid };
        if (typeof payload.exp === 'number') remember(token, claims, payload.exp * 1000);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
    },

    /**
     * Exchanges a refresh token for a new pair. Null when the token is unknown, expired, revoked,
     * or already used (a replay, which also revokes the family), or the account may no longer sign in.
     */
    async refresh(token: string): Promise<TokenResponse | null> {
      const tokenHash = hashSecret(token);
      const now = new Date();
      // Claim the token atomically: of two concurrent uses only one succeeds.
      const [claimed] = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, now),
          ),
        )
        .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
      if (!claimed) {
        const [known] = await db
          .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash));
        if (known?.usedAt) await revokeFamily(known.familyId);
        return null;
      }
      const [user] = await db
        .select({ status: users.status, sessionVersion: users.sessionVersion })
        .from(users)
        .where(eq(users.id, claimed.userId));
      if (user?.status !== 'ACTIVE') {
        await revokeFamily(claimed.familyId);
        return null;
      }
      return tokenResponse(claimed.userId, user.sessionVersion, claimed.familyId);
    },

    /** Ends one session: its refresh-token family. Unknown tokens are ignored. */
    async signOut(token: string): Promise<void> {
      const [known] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashSecret(token)));
      if (known) await revokeFamily(known.familyId);
    },

    /** Ends every session of an account: refresh tokens revoked, access tokens outdated. */
    endAllSessions,
  };

  async function revokeFamily(familyId: string) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async function endAllSessions(executor: Pick<Database, 'update'>, userId: string): Promise<number> {
    await executor
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    const [updated] = await executor
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ sessionVersion: users.sessionVersion });
    return updated?.sessionVersion ?? 0;
  }
}

export type Sessions = ReturnType<typeof createSessions>;
