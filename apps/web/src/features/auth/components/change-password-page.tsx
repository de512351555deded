import { Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { checkChangePassword, PASSWORD_RULE } from '@roam/contract/validation';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { changePassword } from '../api/change-password';

type ChangePasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

const EMPTY_VALUES: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password (SPEC §2, §5): the contract's rules in their order, each shown at its level
 * (info or error); then the server checks the current password.
 */
export function ChangePasswordPage() {
  const form = useForm<ChangePasswordValues>({ defaultValues: EMPTY_VALUES });
  const update = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      notify('success', MESSAGES.passwordUpdated);
      form.reset(EMPTY_VALUES);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        notify('error', MESSAGES.incorrectPassword);
        return;
      }
      if (!isApiError(error) || !error.isHandled) notify('error', MESSAGES.somethingWrong);
      form.reset(EMPTY_VALUES);
    },
  });

  const onSubmit = (values: ChangePasswordValues) => {
    const failure = checkChangePassword(values);
    if (failure) {
      notify(failure.level, failure.message);
      return;
    }
    update.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };

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
              {...form.register('newPassword')}
            />
            <PasswordInput
              label="Confirm Password"
              autoComplete="new-password"
              withAsterisk
              aria-required
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': 'Show password confirmation' }}
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
