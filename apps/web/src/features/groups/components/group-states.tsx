import { ActionIcon, Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { IconAlertTriangle, IconArrowLeft, IconLock, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** The group detail's way back to the group list. */
export function BackToGroups() {
  return (
    <ActionIcon component={Link} to="/group" variant="subtle" size="lg" aria-label="Back">
      <IconArrowLeft aria-hidden />
    </ActionIcon>
  );
}

export function GroupNoAccess() {
  return (
    <Alert color="red" variant="light" icon={<IconLock aria-hidden />}>
      {MESSAGES.noAccess}
    </Alert>
  );
}

/** An unknown group (404). */
export function GroupNotFound() {
  return (
    <Alert color="gray" variant="light" icon={<IconUsersGroup aria-hidden />} title="Group not found">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">There is no group with this id. It may have been mistyped.</Text>
        <Anchor component={Link} to="/group" size="sm" fw={500}>
          Back to groups
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** Any other failure to load, with a way to try again. */
export function GroupLoadFailed({ onRetry }: { onRetry: () => void }) {
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
