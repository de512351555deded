import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { urlSearch, urlString } from './url-search';

/**
 * Social sign-in (SPEC §2 Login: three buttons; DESIGN §8): any OpenID Connect issuer in each slot,
 * configured by the environment (OIDC_<ID>_ISSUER, _CLIENT_ID, _CLIENT_SECRET, _NAME).
 */
export const SOCIAL_PROVIDERS = [
  { id: 'google', name: 'Google' },
  { id: 'facebook', name: 'Facebook' },
  { id: 'apple', name: 'Apple' },
] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number]['id'];
export const socialProviderIdSchema = lazySchema(() =>
  z.enum(SOCIAL_PROVIDERS.map((provider) => provider.id) as [SocialProviderId, ...SocialProviderId[]], {
    message: 'must be google, facebook or apple',
  }),
);

/** GET /auth/oidc/providers: the login page's buttons (a provider not configured is shown disabled). */
export const socialProvidersAnswerSchema = lazySchema(() =>
  z.object({
    providers: z.array(z.object({ id: socialProviderIdSchema, name: z.string(), configured: z.boolean() })),
  }),
);

/** POST /auth/oidc/exchange: the one-time code the callback put in the panel's URL. */
export const oidcExchangeBodySchema = lazySchema(() => z.object({ code: z.string().min(1).max(200) }));

/** Why a social sign-in came back without a code (`?oidc_error=` on the login page). */
export const OIDC_ERRORS = {
  notAdmin: 'not_admin',
  unverified: 'unverified',
  expired: 'expired',
  failed: 'failed',
  notConfigured: 'not_configured',
} as const;
export type OidcError = (typeof OIDC_ERRORS)[keyof typeof OIDC_ERRORS];
/** The query parameters the callback sends the panel back with. */
export const OIDC_RETURN = { code: 'oidc_code', error: 'oidc_error' } as const;

/** The sign-in page's search: where the provider's return lands (an unexpected value is dropped). */
export const readLoginSearch = urlSearch({
  oidc_code: urlString(0, 200),
  oidc_error: urlString(0, 40),
});
