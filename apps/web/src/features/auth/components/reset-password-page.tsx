import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { AUTH_ERRORS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { resetPasswordFormSchema } from '@roam/contract/validation';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { loadZod } from '../../../lib/zod-loader';
import { confirmPasswordReset, resetCodeQueryOptions } from '../api/password-reset';
import { AuthCard } from './auth-card';

// Its form checks with a zod schema as it renders: the module waits for zod (lib/zod-loader.ts).
await loadZod();

type ResetPasswordValues = z.input<typeof resetPasswordFormSchema>;

const routeApi = getRouteApi('/reset-password');

/** What is wrong with the link, when the server says the code is unusable. */
function describeCodeError(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === AUTH_ERRORS.expiredOobCode) return MESSAGES.resetLinkExpired;
    if (error.code === AUTH_ERRORS.invalidOobCode || error.status === 400) return MESSAGES.resetLinkInvalid;
    if (error.status === 429) return MESSAGES.tooManyAttempts;
  }
  return MESSAGES.somethingWrong;
}

function describeConfirmError(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === AUTH_ERRORS.expiredOobCode) return MESSAGES.resetLinkExpired;
    if (error.code === AUTH_ERRORS.invalidOobCode) return MESSAGES.resetLinkInvalid;
    if (error.status === 429) return MESSAGES.tooManyAttempts;
    if (error.status === 400) return error.message;
  }
  return MESSAGES.somethingWrong;
}

/** Reset password (SPEC §2), reached from the mailed link ?mode=resetPassword&oobCode=...&lang=en. */
export function ResetPasswordPage() {
  const { oobCode } = routeApi.useSearch();
  const codeQuery = useQuery({ ...resetCodeQueryOptions(oobCode ?? ''), enabled: Boolean(oobCode) });

  if (!oobCode || codeQuery.isError) {
    return (
      <AuthCard title="Reset Password">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {oobCode ? describeCodeError(codeQuery.error) : MESSAGES.resetLinkInvalid}
          </Alert>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/forgot-password">
              Request a new link
            </Anchor>
            {' · '}
            <Anchor component={Link} to="/">
              Back to Sign In
            </Anchor>
          </Text>
        </Stack>
      </AuthCard>
    );
  }
  if (codeQuery.isPending) {
    return (
      <AuthCard title="Reset Password">
        <PageLoader />
      </AuthCard>
    );
  }
  return <ResetPasswordForm oobCode={oobCode} email={codeQuery.data.email} />;
}

function ResetPasswordForm({ oobCode, email }: { oobCode: string; email: string }) {
  const navigate = useNavigate();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const confirm = useMutation({
    mutationFn: (values: ResetPasswordValues) =>
      confirmPasswordReset({ oobCode, newPassword: values.password }),
    onSuccess: async () => {
      notify('success', MESSAGES.passwordReset);
      await navigate({ to: '/' });
    },
  });
  const { errors } = form.formState;

  return (
    <AuthCard title="Reset Password" subtitle={`Choose a new password for ${email}`}>
      <form noValidate onSubmit={form.handleSubmit((values) => confirm.mutate(values))}>
        <Stack gap="md">
          {confirm.isError ? (
            <Alert color="red" variant="light" role="alert">
              {describeConfirmError(confirm.error)}
            </Alert>
          ) : null}
          {/* Lets password managers tie the new password to the account. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            withAsterisk
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show new password' }}
            error={errors.password?.message}
            aria-invalid={Boolean(errors.password)}
            {...form.register('password')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            withAsterisk
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
            error={errors.confirmPassword?.message}
            aria-invalid={Boolean(errors.confirmPassword)}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={confirm.isPending}>
            Reset Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
