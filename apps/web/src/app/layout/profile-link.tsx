import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import type { AdminMe } from '@roam/contract/entities';
import { Link } from '@tanstack/react-router';

/** The header's link to the account page: avatar and username (SPEC §2). */
export function ProfileLink({ me }: { me: AdminMe | undefined }) {
  const username = me?.profile.username ?? '';
  return (
    <UnstyledButton
      component={Link}
      to="/account"
      aria-label={`My account${username ? `: ${username}` : ''}`}
    >
      <Group gap="xs" wrap="nowrap">
        <Avatar
          src={me?.profile.profileURL[0] ?? null}
          alt=""
          radius="xl"
          size="md"
          color="blue"
          variant="filled"
        >
          {username.slice(0, 2).toUpperCase()}
        </Avatar>
        <Text fw={500} visibleFrom="xs" truncate maw={180}>
          {username}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
