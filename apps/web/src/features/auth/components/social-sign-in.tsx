import { Button, Divider, Stack, VisuallyHidden } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { signinAnswerSchema } from '@roam/contract/mfa';
import { OIDC_ERRORS, type OidcError, socialProvidersAnswerSchema } from '@roam/contract/social';
import { type Icon, IconBrandApple, IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settle } from '../api/sign-in';

const ICONS: Record<string, Icon> = {
  google: IconBrandGoogle,
  facebook: IconBrandFacebook,
  apple: IconBrandApple,
};

/** Why a social sign-in came back without signing in (`?oidc_error=`), as the login page says it. */
export function describeSocialError(error: string): string {
  const messages: Record<OidcError, string> = {
    [OIDC_ERRORS.notAdmin]: MESSAGES.notAdmin,
    [OIDC_ERRORS.unverified]: 'That provider has not verified your email address',
    [OIDC_ERRORS.expired]: 'The sign-in took too long or started in another browser: try again',
    [OIDC_ERRORS.failed]: 'The provider did not confirm your sign-in: try again',
    [OIDC_ERRORS.notConfigured]: 'That sign-in provider is not configured on this server',
  };
  return messages[error as OidcError] ?? MESSAGES.somethingWrong;
}

/** POST /auth/oidc/exchange: the one-time code the provider's return brought, for tokens or the code step. */
export async function exchangeSocialCode(code: string) {
  const answer = await apiRequest('/auth/oidc/exchange', {
    method: 'POST',
    json: { code },
    schema: signinAnswerSchema,
    isAuthenticated: false,
  });
  return settle(answer);
}

/**
 * The login page's three social sign-in buttons (SPEC §2, DESIGN §8). A configured provider's
 * button leaves for the server's /auth/oidc/{provider}, which sends the browser to the provider; one
 * that is not configured is disabled and says why on hover (and to screen readers).
 */
export function SocialButtons() {
  const providers = useQuery({
    queryKey: ['auth', 'social-providers'],
    queryFn: ({ signal }) =>
      apiRequest('/auth/oidc/providers', {
        schema: socialProvidersAnswerSchema,
        signal,
        isAuthenticated: false,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Until the list arrives its place is kept (three buttons' height, unseen), so the card does not
  // grow under the visitor's pointer or move the page's largest text once painted.
  if (providers.isPending) return <SocialButtonsPlaceholder />;
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs" mt="md">
      <Divider label="or continue with" labelPosition="center" />
      {list.map((provider) => {
        const Icon = ICONS[provider.id] ?? IconBrandGoogle;
        const label = `Continue with ${provider.name}`;
        if (provider.configured) {
          return (
            <Button
              key={provider.id}
              component="a"
              href={`/auth/oidc/${provider.id}`}
              variant="default"
              fullWidth
              leftSection={<Icon size={18} aria-hidden />}
            >
              {label}
            </Button>
          );
        }
        const reason = `${provider.name} sign-in is not configured on this server`;
        return (
          // The browser's own tooltip on hover (a disabled button gets no pointer events, its
          // wrapper does): the kit's tooltip would bring its positioning library to this page.
          <span key={provider.id} title={reason}>
            <Button
              variant="default"
              fullWidth
              disabled
              leftSection={<Icon size={18} aria-hidden />}
              aria-describedby={`social-${provider.id}-reason`}
            >
              {label}
            </Button>
            <VisuallyHidden id={`social-${provider.id}-reason`}>{reason}</VisuallyHidden>
          </span>
        );
      })}
    </Stack>
  );
}

const SLOTS = Object.keys(ICONS);

function SocialButtonsPlaceholder() {
  return (
    <Stack gap="xs" mt="md" style={{ visibility: 'hidden' }} aria-hidden>
      <Divider label="or continue with" labelPosition="center" />
      {SLOTS.map((slot) => (
        <Button key={slot} variant="default" fullWidth disabled tabIndex={-1}>
          {' '}
        </Button>
      ))}
    </Stack>
  );
}
