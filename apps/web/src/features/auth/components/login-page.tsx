import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { AdminMe } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { emailSchema } from '@roam/contract/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../lib/api-error';
import { meQueryOptions } from '../../../lib/me';
import { NotAdminError, signInAsAdmin } from '../api/sign-in';
import { AuthCard } from './auth-card';
import { MfaStep } from './mfa-step';
import { describeSocialError, exchangeSocialCode, SocialButtons } from './social-sign-in';

/** SPEC §5: both fields required; the email must match a basic pattern. */
const loginFormSchema = z.object({
  email: z.string().trim().min(1, MESSAGES.required).pipe(emailSchema),
  password: z.string().min(1, MESSAGES.required),
});
type LoginValues = z.infer<typeof loginFormSchema>;

function describeSignInError(error: unknown): string {
  if (error instanceof NotAdminError) return MESSAGES.notAdmin;
  if (isApiError(error)) {
    if (error.status === 401) return MESSAGES.loginFailed;
    if (error.status === 403) return MESSAGES.notAdmin;
    if (error.status === 429) return MESSAGES.tooManyAttempts;
  }
  return MESSAGES.somethingWrong;
}

/** Admin Login (SPEC §2): idle, busy, then an error message or /analytics; the code step when two-factor sign-in is on. */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const enter = async (me: AdminMe) => {
    queryClient.setQueryData(meQueryOptions().queryKey, me);
    await navigate({ to: '/analytics' });
  };
  // Back from a social provider: `?oidc_code=` (exchanged once, then taken out of the URL) or `?oidc_error=`.
  const search = useSearch({ from: '/' });
  const social = useMutation({
    mutationFn: exchangeSocialCode,
    onSuccess: async (result) => {
      if (result.kind === 'mfa') setMfaToken(result.mfaToken);
      else await enter(result.me);
    },
  });
  const exchanged = useRef<string | null>(null);
  useEffect(() => {
    const code = search.oidc_code;
    if (!code || exchanged.current === code) return;
    exchanged.current = code;
    social.mutate(code);
    void navigate({ to: '/', search: {}, replace: true });
  }, [search.oidc_code, social, navigate]);
  const signIn = useMutation({
    mutationFn: signInAsAdmin,
    onSuccess: async (result) => {
      if (result.kind === 'mfa') setMfaToken(result.mfaToken);
      else await enter(result.me);
    },
  });
  const { errors } = form.formState;

  if (mfaToken) {
    return (
      <AuthCard title="Two-factor sign-in" subtitle="One more step">
        <MfaStep
          mfaToken={mfaToken}
          onSignedIn={(me) => void enter(me)}
          onRestart={() => {
            setMfaToken(null);
            signIn.reset();
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Admin Login" subtitle="Login to your account">
      <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))}>
        <Stack gap="md">
          {signIn.isError ? (
            <Alert color="red" variant="light" role="alert">
              {describeSignInError(signIn.error)}
            </Alert>
          ) : search.oidc_error || social.isError ? (
            <Alert color="red" variant="light" role="alert">
              {search.oidc_error ? describeSocialError(search.oidc_error) : describeSignInError(social.error)}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            withAsterisk
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
            error={errors.password?.message}
            aria-invalid={Boolean(errors.password)}
            {...form.register('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot Password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={signIn.isPending || social.isPending}>
            Sign In
          </Button>
        </Stack>
      </form>
      <SocialButtons />
    </AuthCard>
  );
}
