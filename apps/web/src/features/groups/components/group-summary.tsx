import { Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { GroupDetail } from '@roam/contract/details';
import { MESSAGES } from '@roam/contract/messages';
import { IconUsersGroup } from '@tabler/icons-react';
import { StatusBadge } from '../../../components/status-badge';
import { getGroupStatus } from './group-status';

const IMAGE_SIZE = 160;

/** The group's picture (its first image, or a placeholder), status and description (SPEC §2). */
export function GroupSummary({ group }: { group: GroupDetail['groupinfo'] }) {
  const { status, label, color } = getGroupStatus(group);
  const image = group.imageurl[0];
  return (
    <Paper withBorder radius="md" p="lg">
      <Group align="flex-start" gap="lg" wrap="wrap">
        {image ? (
          <Image
            src={image}
            alt={`Picture of ${group.statusText}`}
            w={IMAGE_SIZE}
            h={IMAGE_SIZE}
            radius="md"
            fit="cover"
          />
        ) : (
          <Center
            w={IMAGE_SIZE}
            h={IMAGE_SIZE}
            bg="var(--roam-color-placeholder)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <IconUsersGroup size={64} color="var(--mantine-color-dimmed)" aria-label="No picture" />
          </Center>
        )}
        <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
          <Group gap="xs">
            <StatusBadge status={status} label={label} color={color} />
            {group.country ? (
              <Text size="sm" c="dimmed">
                {group.country}
              </Text>
            ) : null}
          </Group>
          <Title order={2} size="h5">
            Description
          </Title>
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {group.description || MESSAGES.notAvailable}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
