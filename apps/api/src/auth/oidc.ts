import { createHmac, timingSafeEqual } from 'node:crypto';
import { errorBodySchema } from '@roam/contract/errors';
import { MESSAGES } from '@roam/contract/messages';
import { signinAnswerSchema } from '@roam/contract/mfa';
import { isAdminRole } from '@roam/contract/permissions';
import {
  OIDC_ERRORS,
  OIDC_RETURN,
  type OidcError,
  oidcExchangeBodySchema,
  SOCIAL_PROVIDERS,
  socialProviderIdSchema,
  socialProvidersAnswerSchema,
} from '@roam/contract/social';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { z } from 'zod';
import type { OidcProviderConfig } from '../config';
import { users } from '../db/schema';
import { forbidden, HttpError } from '../lib/http-error';
import { findAccountByEmail } from './accounts';
import type { Mfa } from './mfa';

/**
 * Social sign-in with any OpenID Connect issuer (DESIGN §8), through openid-client: the
 * authorization code flow with PKCE, state and nonce kept in a signed, httpOnly cookie for ten
 * minutes, the ID token verified, `email_verified` required, and the account an ACTIVE admin or
 * sub-admin with that email. No token ever travels in a URL: the callback hands the panel a
 * one-time code (60 s, single use, stored hashed) that the panel exchanges for the usual token pair,
 * or for the code step when the account has two-factor sign-in on.
 */
const COOKIE = 'roam_oidc';
const COOKIE_TTL_SECONDS = 600;
const SCOPE = 'openid email profile';

type Pending = { provider: string; verifier: string; state: string; nonce: string; expires: number };

/** Issuers on this machine (a development provider) may speak plain HTTP; any other must not. */
const isLoopback = (issuer: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(issuer).hostname);

function createStateCookie(key: Buffer, isSecure: boolean) {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  const attributes = `Path=/auth/oidc; HttpOnly; SameSite=Lax${isSecure ? '; Secure' : ''}`;
  return {
    write(pending: Omit<Pending, 'expires'>): string {
      const payload = Buffer.from(
        JSON.stringify({ ...pending, expires: Date.now() + COOKIE_TTL_SECONDS * 1000 }),
      ).toString('base64url');
      return `${COOKIE}=${payload}.${mac(payload)}; Max-Age=${COOKIE_TTL_SECONDS}; ${attributes}`;
    },
    clear: () => `${COOKIE}=; Max-Age=0; ${attributes}`,
    /** The flow this browser started, if the cookie is ours, intact and not expired. */
    read(header: string | undefined): Pending | null {
      const value = header
        ?.split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${COOKIE}=`))
        ?.slice(COOKIE.length + 1);
      const [payload, signature] = value?.split('.') ?? [];
      if (!payload || !signature) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const pending = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Pending;
        return pending.expires > Date.now() ? pending : null;
      } catch {
        return null;
      }
    },
  };
}

export type OidcRoutesOptions = {
  providers: OidcProviderConfig[];
  publicUrl: string;
  stateKey: Buffer;
  mfa: Mfa;
};

export async function oidcRoutes(app: FastifyInstance, options: OidcRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { publicUrl, mfa } = options;
  const cookie = createStateCookie(options.stateKey, publicUrl.startsWith('https:'));
  const redirectUri = (provider: string) => `${publicUrl}/auth/oidc/${provider}/callback`;

  /** Each issuer's metadata, discovered at its first use and kept (a failed discovery is retried). */
  const configurations = new Map<string, Promise<client.Configuration>>();
  const configurationOf = (provider: OidcProviderConfig) => {
    let found = configurations.get(provider.id);
    if (!found) {
      found = client.discovery(
        new URL(provider.issuer),
        provider.clientId,
        provider.clientSecret,
        provider.clientSecret ? undefined : client.None(),
        isLoopback(provider.issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      found.catch(() => configurations.delete(provider.id));
      configurations.set(provider.id, found);
    }
    return found;
  };
  const providerOf = (id: string) => options.providers.find((provider) => provider.id === id);

  /** Back to the panel's sign-in page with a one-time code or the reason it failed. */
  const backToPanel = (reply: FastifyReply, result: { code: string } | { error: OidcError }) => {
    const query =
      'code' in result
        ? `${OIDC_RETURN.code}=${encodeURIComponent(result.code)}`
        : `${OIDC_RETURN.error}=${result.error}`;
    return reply.header('set-cookie', cookie.clear()).redirect(`${publicUrl}/?${query}`, 302);
  };

  routes.get(
    '/auth/oidc/providers',
    { schema: { tags: ['auth'], response: { 200: socialProvidersAnswerSchema } } },
    async () => ({
      providers: SOCIAL_PROVIDERS.map(({ id, name }) => {
        const configured = providerOf(id);
        return { id, name: configured?.name ?? name, configured: Boolean(configured) };
      }),
    }),
  );

  const rateLimited = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

  routes.get(
    '/auth/oidc/:provider',
    {
      ...rateLimited,
      schema: {
        tags: ['auth'],
        params: z.object({ provider: socialProviderIdSchema }),
        response: { 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      if (!provider) return backToPanel(reply, { error: OIDC_ERRORS.notConfigured });
      let configuration: client.Configuration;
      try {
        configuration = await configurationOf(provider);
      } catch (error) {
        request.log.error({ err: error, provider: provider.id }, 'OpenID discovery failed');
        return backToPanel(reply, { error: OIDC_ERRORS.failed });
      }
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri(provider.id),
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return reply
        .header('set-cookie', cookie.write({ provider: provider.id, verifier, state, nonce }))
        .header('cache-control', 'no-store')
        .redirect(url.href, 302);
    },
  );

  routes.get(
    '/auth/oidc/:provider/callback',
    {
      ...rateLimited,
      schema: { tags: ['auth'], hide: true, params: z.object({ provider: socialProviderIdSchema }) },
    },
    async (
      request: FastifyRequest<{ Params: { provider: z.infer<typeof socialProviderIdSchema> } }>,
      reply,
    ) => {
      const provider = providerOf(request.params.provider);
      if (!provider) return backToPanel(reply, { error: OIDC_ERRORS.notConfigured });
      const pending = cookie.read(request.headers.cookie);
      // No flow started by this browser (or a forged, expired or other provider's one): start over.
      if (!pending || pending.provider !== provider.id)
        return backToPanel(reply, { error: OIDC_ERRORS.expired });
      let claims: { email?: unknown; email_verified?: unknown };
      try {
        const configuration = await configurationOf(provider);
        const current = new URL(request.url, redirectUri(provider.id));
        const tokens = await client.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new Error('no ID token');
        claims = idClaims as { email?: unknown; email_verified?: unknown };
        // Some issuers keep the email out of the ID token: ask the userinfo endpoint for it.
        if (typeof claims.email !== 'string') {
          claims = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
        }
      } catch (error) {
        request.log.warn({ err: error, provider: provider.id }, 'social sign-in refused');
        return backToPanel(reply, { error: OIDC_ERRORS.failed });
      }
      if (typeof claims.email !== 'string' || claims.email_verified !== true) {
        return backToPanel(reply, { error: OIDC_ERRORS.unverified });
      }
      const user = await findAccountByEmail(app.db, claims.email);
      if (!user || user.status !== 'ACTIVE' || !isAdminRole(user.role)) {
        return backToPanel(reply, { error: OIDC_ERRORS.notAdmin });
      }
      return backToPanel(reply, { code: await mfa.issueTicket(user.id, 'oidc') });
    },
  );

  routes.post(
    '/auth/oidc/exchange',
    {
      ...rateLimited,
      schema: {
        tags: ['auth'],
        body: oidcExchangeBodySchema,
        response: { 200: signinAnswerSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const userId = await mfa.claimTicket(request.body.code, 'oidc');
      if (!userId)
        throw new HttpError(400, 'code: This sign-in link has expired or was already used: sign in again');
      const [user] = await app.db.select().from(users).where(eq(users.id, userId));
      if (!user || user.status !== 'ACTIVE' || !isAdminRole(user.role)) throw forbidden(MESSAGES.notAdmin);
      // A social sign-in does not skip two-factor sign-in.
      return mfa.afterFirstStep(user, app.sessions.start);
    },
  );
}
