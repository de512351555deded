import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { lazySchema } from '@roam/contract/lazy-schema';
import { MESSAGES } from '@roam/contract/messages';
import { emailSchema } from '@roam/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { loadZod } from '../../../lib/zod-loader';
import { requestPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';

// Its form checks with a zod schema as it renders: the module waits for zod (lib/zod-loader.ts).
await loadZod();

const forgotPasswordFormSchema = lazySchema(() =>
  z.object({ email: z.string().trim().min(1, MESSAGES.required).pipe(emailSchema) }),
);
type ForgotPasswordValues = z.infer<typeof forgotPasswordFormSchema>;

function describeResetRequestError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429) return MESSAGES.tooManyAttempts;
    if (error.status === 400) return error.message;
  }
  return MESSAGES.somethingWrong;
}

/** Forgot password (SPEC §2): the same confirmation whatever the email (DESIGN §5.2), then /. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const sendResetMail = useMutation({
    mutationFn: (values: ForgotPasswordValues) => requestPasswordReset(values.email),
    onSuccess: async () => {
      notify('success', MESSAGES.resetMailSent);
      await navigate({ to: '/' });
    },
  });

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter your email and we will send you a link to reset your password"
    >
      <form noValidate onSubmit={form.handleSubmit((values) => sendResetMail.mutate(values))}>
        <Stack gap="md">
          {sendResetMail.isError ? (
            <Alert color="red" variant="light" role="alert">
              {describeResetRequestError(sendResetMail.error)}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" fullWidth loading={sendResetMail.isPending}>
            Send Reset Link
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/">
              Back to Sign In
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
