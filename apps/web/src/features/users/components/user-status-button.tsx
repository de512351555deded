import { Button } from '@mantine/core';
import type { User } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { readableTextColor } from '../../../components/status-badge';
import { actionFailureMessage } from '../../../lib/action-failure';
import { isApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { type UserStatusChange, useSetUserStatus } from '../api/set-user-status';

const CHANGES: Record<
  UserStatusChange,
  { action: string; label: string; color: string; successMessage: string }
> = {
  inactivate: {
    action: 'Inactivate',
    label: 'Inactivate User',
    color: 'yellow',
    successMessage: MESSAGES.userDeactivated,
  },
  activate: {
    action: 'Activate',
    label: 'Activate User',
    color: 'green',
    successMessage: MESSAGES.userActivated,
  },
};

/** SPEC §4: only an ACTIVE user can be inactivated and only an INACTIVE one activated. */
function changeFor(user: User): UserStatusChange | null {
  if (user.status === 'ACTIVE') return 'inactivate';
  if (user.status === 'INACTIVE') return 'activate';
  return null;
}

/**
 * 'Inactivate User' or 'Activate User' on the profile (SPEC §2), asked first; both need write on
 * users (DESIGN §5.5), which the page checks before showing this.
 */
export function UserStatusButton({ user }: { user: User }) {
  const change = changeFor(user);
  // The change asked about, kept while the dialog closes even though the profile reloads.
  const [pending, setPending] = useState<UserStatusChange | null>(null);
  const mutation = useSetUserStatus();

  const onConfirm = async (confirmed: UserStatusChange) => {
    try {
      await mutation.mutateAsync({ userId: user._id, change: confirmed });
      notify('success', CHANGES[confirmed].successMessage);
      setPending(null);
    } catch (error) {
      // A 403 has already shown the Unauthorized Access popup.
      if (isApiError(error) && error.isHandled) setPending(null);
      else notify('error', actionFailureMessage(error));
    }
  };

  return (
    <>
      {change ? (
        <Button
          color={CHANGES[change].color}
          c={readableTextColor(CHANGES[change].color)}
          variant="light"
          onClick={() => setPending(change)}
        >
          {CHANGES[change].label}
        </Button>
      ) : null}
      <ConfirmDialog
        action={pending ? CHANGES[pending].action : null}
        page="user"
        isBusy={mutation.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void onConfirm(pending)}
      />
    </>
  );
}
