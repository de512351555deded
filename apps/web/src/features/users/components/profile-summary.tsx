import { Avatar, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ProfileData } from '@roam/contract/details';
import { IconBriefcase, IconBuildingStore, IconCoffee, IconHome } from '@tabler/icons-react';
import { NOT_COUNTING_DELETED, StatCard } from '../../../components/stat-card';
import { StatusBadge, ToneBadge } from '../../../components/status-badge';
import { FieldGrid } from '../../../core/details/field-grid';
import { formatDateTime } from '../../../lib/format-date';

/** SPEC §2's four count tiles of a profile. */
const OWNED_COUNTS = [
  { key: 'cafescount', label: 'Cafes', icon: IconCoffee },
  { key: 'jobscount', label: 'Jobs', icon: IconBriefcase },
  { key: 'rentalscount', label: 'Rentals', icon: IconHome },
  { key: 'shopscount', label: 'Shops', icon: IconBuildingStore },
] as const;

/** SPEC §9: the profile shows an email up to 40 characters; the whole address is in its title. */
export const EMAIL_DISPLAY_LENGTH = 40;

export function cutEmail(email: string): string {
  return email.length > EMAIL_DISPLAY_LENGTH ? `${email.slice(0, EMAIL_DISPLAY_LENGTH)}…` : email;
}

function Count({ label, value }: { label: string; value: number | null | undefined }) {
  return (
    <Text size="sm">
      <Text span fw={700}>
        {value ?? 0}
      </Text>{' '}
      {label}
    </Text>
  );
}

/**
 * The top of a user's profile (SPEC §2): picture (a placeholder if none), friends and blocked
 * counts, status and Blocked tags, the fields, and the four count tiles.
 */
export function ProfileSummary({ data }: { data: ProfileData }) {
  const { profile } = data;
  const fullName = [profile.fullname, profile.lastname].filter(Boolean).join(' ');
  const initial = (profile.fullname || profile.username).slice(0, 1).toUpperCase();
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Stack align="center" gap="xs">
            <Avatar
              src={profile.profileURL || null}
              alt={`${profile.username}'s profile picture`}
              size={120}
              radius={120}
              color="blue"
              variant="light"
            >
              {initial || null}
            </Avatar>
            <Group gap="xs" justify="center" role="group" aria-label="Status">
              <StatusBadge status={profile.status} />
              {profile.isBlocked ? <ToneBadge color="dark">Blocked</ToneBadge> : null}
            </Group>
            <Group gap="md" justify="center">
              <Count label="Friends" value={data.friendscount} />
              <Count label="Blocked" value={data.blockedcount} />
            </Group>
          </Stack>
          <div style={{ flex: 1, minWidth: 240 }}>
            <FieldGrid
              fields={[
                { label: 'Name', value: fullName },
                { label: 'Username', value: profile.username },
                { label: 'User ID', value: profile.userID },
                {
                  label: 'Email',
                  value: profile.email ? <span title={profile.email}>{cutEmail(profile.email)}</span> : '',
                },
                { label: 'Member since', value: formatDateTime(profile.createdAt) },
                { label: 'Updated at', value: formatDateTime(profile.updatedAt) },
              ]}
            />
          </div>
        </Group>
      </Paper>
      {/* By the width the page has, not the screen's: beside the open navigation four tiles do not fit. */}
      <SimpleGrid type="container" cols={{ base: 2, '600px': 4 }} spacing="md">
        {OWNED_COUNTS.map(({ key, label, icon: Icon }) => (
          // What the user owns, without the deleted items (their per-user list's All counts them).
          <StatCard
            key={key}
            label={label}
            note={NOT_COUNTING_DELETED}
            value={data[key] ?? 0}
            icon={<Icon />}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
