import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { AdminMe } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { MFA_ERRORS } from '@roam/contract/mfa';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { fieldMessage, isApiError } from '../../../lib/api-error';
import { NotAdminError, verifyMfa } from '../api/sign-in';

/** What went wrong, in the words of the field ("code: …" becomes "…"). */
function describeError(error: unknown): string {
  if (error instanceof NotAdminError) return MESSAGES.notAdmin;
  if (isApiError(error)) {
    if (error.status === 429) return MESSAGES.tooManyAttempts;
    if (error.status === 400 || error.status === 401) return fieldMessage(error, 'code') ?? error.message;
  }
  return MESSAGES.somethingWrong;
}

type MfaStepProps = {
  mfaToken: string;
  onSignedIn: (me: AdminMe) => void;
  /** The step expired or the admin wants to start over: back to the first step. */
  onRestart: () => void;
};

/**
 * The second step of a sign-in with two-factor sign-in on (DESIGN §8): the 6-digit code the
 * authenticator app shows, or one of the recovery codes.
 */
export function MfaStep({ mfaToken, onSignedIn, onRestart }: MfaStepProps) {
  const [isRecovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: () =>
      verifyMfa(mfaToken, isRecovery ? { recovery_code: value.trim() } : { code: value.trim() }),
    onSuccess: onSignedIn,
    onError: (error) => {
      if (isApiError(error) && error.code === MFA_ERRORS.invalidMfaToken) onRestart();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isRecovery && !/^\d{6}$/.test(value.trim())) {
      setFieldError('Enter the 6-digit code your authenticator app shows');
      return;
    }
    if (isRecovery && value.trim().length < 10) {
      setFieldError('Enter one of your recovery codes');
      return;
    }
    setFieldError(null);
    verify.mutate();
  };

  const label = isRecovery ? 'Recovery code' : 'Authentication code';
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">
          {isRecovery
            ? 'Enter one of the recovery codes you kept when you set up two-factor sign-in. Each works once.'
            : 'Open your authenticator app and enter the code it shows for Roam Admin.'}
        </Text>
        {verify.isError ? (
          <Alert color="red" variant="light" role="alert">
            {describeError(verify.error)}
          </Alert>
        ) : null}
        <TextInput
          key={label}
          label={label}
          withAsterisk
          autoFocus
          autoComplete="one-time-code"
          inputMode={isRecovery ? 'text' : 'numeric'}
          maxLength={isRecovery ? 20 : 6}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={fieldError}
        />
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery(!isRecovery);
              setValue('');
              setFieldError(null);
            }}
          >
            {isRecovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onRestart}>
            Back to sign in
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={verify.isPending}>
          Verify
        </Button>
      </Stack>
    </form>
  );
}
