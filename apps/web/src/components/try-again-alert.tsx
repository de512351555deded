import { Alert, Button } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Something did not load for a reason other than access: say so, and offer to load it again. */
export function TryAgainAlert({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={MESSAGES.somethingWrong}
    >
      <Button variant="default" size="xs" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
