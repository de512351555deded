import { Alert } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { isApiError } from '../../lib/api-error';

/**
 * A part of a detail page that did not load: 'You dont have access' for a 403 (the admin stays
 * signed in), 'Something went wrong' otherwise.
 */
export function LoadFailure({ error }: { error: unknown }) {
  if (isApiError(error) && error.status === 403) return <NoAccess />;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
      {MESSAGES.somethingWrong}
    </Alert>
  );
}

/** 'You dont have access', for a read the admin's permissions (or the server) refuse. */
export function NoAccess() {
  return (
    <Alert color="red" variant="light" icon={<IconLock aria-hidden />}>
      {MESSAGES.noAccess}
    </Alert>
  );
}
