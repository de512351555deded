import { Button, Group, Paper, PasswordInput, type PasswordInputProps, Stack } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import {
  type ChangePasswordCheck,
  type ChangePasswordField,
  checkChangePassword,
  PASSWORD_RULE,
} from '@roam/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { changePassword } from '../api/change-password';

type ChangePasswordValues = Record<ChangePasswordField, string>;

const EMPTY_VALUES: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password (SPEC §2, §5): the contract's rules in their order; the first that fails is
 * shown under the field it is about, at its level (info or error), and replaces the previous one
 * (toasts would stack over the header). Then the server checks the current password: a wrong one
 * is said under that field; any other failure is a toast and clears the fields.
 */
export function ChangePasswordPage() {
  const form = useForm<ChangePasswordValues>({ defaultValues: EMPTY_VALUES });
  const [failure, setFailure] = useState<ChangePasswordCheck>(null);
  const update = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      notify('success', MESSAGES.passwordUpdated);
      form.reset(EMPTY_VALUES);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        setFailure({ level: 'error', message: MESSAGES.incorrectPassword, field: 'currentPassword' });
        return;
      }
      if (!isApiError(error) || !error.isHandled) notify('error', MESSAGES.somethingWrong);
      form.reset(EMPTY_VALUES);
    },
  });

  const onSubmit = (values: ChangePasswordValues) => {
    const check = checkChangePassword(values);
    setFailure(check);
    if (!check) update.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };

  /** The failed rule's message under its field; an info is told in the neutral colour. */
  const messageOf = (field: ChangePasswordField): Partial<PasswordInputProps> =>
    failure?.field === field
      ? {
          error: failure.message,
          // PasswordInput does not mark its inner input itself.
          'aria-invalid': true,
          // Announced when it appears, as the toast was.
          errorProps: {
            role: 'alert',
            'data-level': failure.level,
            c: failure.level === 'info' ? 'blue' : undefined,
          },
        }
      : {};

  return (
    <>
      <PageHeader title="Change Password" />
      <Paper withBorder p="xl" radius="md" maw={480}>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
          <Stack gap="md">
            <PasswordInput
              label="Current Password"
              autoComplete="current-password"
              withAsterisk
              aria-required
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': 'Show current password' }}
              {...messageOf('currentPassword')}
              {...form.register('currentPassword')}
            />
            <PasswordInput
              label="New Password"
              autoComplete="new-password"
              withAsterisk
              aria-required
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': 'Show new password' }}
              description={PASSWORD_RULE}
              {...messageOf('newPassword')}
              {...form.register('newPassword')}
            />
            <PasswordInput
              label="Confirm Password"
              autoComplete="new-password"
              withAsterisk
              aria-required
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
              {...messageOf('confirmPassword')}
              {...form.register('confirmPassword')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                Change Password
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
