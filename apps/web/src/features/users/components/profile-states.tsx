import { ActionIcon, Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { IconAlertTriangle, IconArrowLeft, IconLock, IconUserQuestion } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The profile's way back to the user list. */
export function BackToUsers() {
  return (
    <ActionIcon component={Link} to="/user" variant="subtle" size="lg" aria-label="Back">
      <IconArrowLeft aria-hidden />
    </ActionIcon>
  );
}

export function ProfileNoAccess() {
  return (
    <Alert color="red" variant="light" icon={<IconLock aria-hidden />}>
      {MESSAGES.noAccess}
    </Alert>
  );
}

/** An unknown user id (404). */
export function ProfileNotFound() {
  return (
    <Alert color="gray" variant="light" icon={<IconUserQuestion aria-hidden />} title="User not found">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">There is no user with this id. It may have been mistyped.</Text>
        <Anchor component={Link} to="/user" size="sm" fw={500}>
          Back to users
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** Any other failure to load, with a way to try again. */
export function ProfileLoadFailed({ onRetry }: { onRetry: () => void }) {
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
