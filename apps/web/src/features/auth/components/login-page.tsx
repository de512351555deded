import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { AdminMe } from '@roam/contract/entities';
import { lazySchema } from '@roam/contract/lazy-schema';
import { MESSAGES } from '@roam/contract/messages';
import { emailSchema } from '@roam/contract/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../../lib/api-error';
import { meQueryOptions } from '../../../lib/me';
import { loadZod } from '../../../lib/zod-loader';
import { NotAdminError, signInAsAdmin } from '../api/sign-in';
import { AuthCard } from './auth-card';
import { MfaStep } from './mfa-step';
import { describeSocialError, exchangeSocialCode, SocialButtons } from './social-sign-in';

/** SPEC §5: both fields required; the email must match a basic pattern. */
const loginFormSchema = lazySchema(() =>
  z.object({
    email: z.string().trim().min(1, MESSAGES.required).pipe(emailSchema),
    password: z.string().min(1, MESSAGES.required),
  }),
);
type LoginValues = z.input<typeof loginFormSchema>;
type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** Each field's first message, from a check of the values against the schema. */
function errorsOf(result: ReturnType<typeof loginFormSchema.safeParse>): LoginErrors {
  const errors: LoginErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof LoginValues;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The sign-in form's two fields, checked as the panel's other forms check theirs (react-hook-form
 * with the schema: on submit, then on every change), written out here because the sign-in page's
 * scripts must stay under DESIGN §6's budget and the form library is 14 KB of it. Answers the
 * trimmed values when they pass, else shows the messages and focuses the first wrong field.
 */
function useLoginForm(onValid: (values: z.output<typeof loginFormSchema>) => void) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<keyof LoginValues, HTMLInputElement | null>>>({});
  const field = (name: keyof LoginValues) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (isSubmitted) {
        setErrors((current) => ({ ...current, [name]: errorsOf(loginFormSchema.safeParse(next))[name] }));
      }
    },
  });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Usually here already (app/start.tsx loads it once the page is idle).
    await loadZod();
    setSubmitted(true);
    const parsed = loginFormSchema.safeParse(values);
    const found = errorsOf(parsed);
    setErrors(found);
    if (parsed.success) {
      onValid(parsed.data);
      return;
    }
    const first = (['email', 'password'] as const).find((name) => found[name]);
    if (first) inputs.current[first]?.focus();
  };
  return { field, errors, onSubmit };
}

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
  const form = useLoginForm((values) => signIn.mutate(values));
  const { errors } = form;

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
      <form noValidate onSubmit={form.onSubmit}>
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
            {...form.field('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
            aria-invalid={Boolean(errors.password)}
            {...form.field('password')}
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
