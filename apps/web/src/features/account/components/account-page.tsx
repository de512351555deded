import { zodResolver } from '@hookform/resolvers/zod';
import {
  Avatar,
  Button,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { AdminMe } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { AVATAR_MIME_TYPES, accountEditSchema, MAX_UPLOAD_BYTES } from '@roam/contract/validation';
import { IconLock, IconPencil, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { NOT_COUNTING_DELETED, StatCard } from '../../../components/stat-card';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { meQueryOptions } from '../../../lib/me';
import { notify } from '../../../lib/notify';
import { useObjectUrl } from '../../../lib/use-object-url';
import { loadZod } from '../../../lib/zod-loader';
import { useUpdateMe } from '../api/update-me';
import { NotificationSettings } from './notification-settings';
import { MfaPolicySettings, TwoFactorSettings } from './two-factor-settings';

// Its form checks with a zod schema as it renders: the module waits for zod (lib/zod-loader.ts).
await loadZod();

type AccountEditValues = z.input<typeof accountEditSchema>;

/** The admin's counts; what they own is counted without the deleted items (say so: their lists count them). */
const COUNTS: readonly { key: keyof AdminMe['counts']; label: string; note?: string }[] = [
  { key: 'cafes', label: 'Cafes', note: NOT_COUNTING_DELETED },
  { key: 'friends', label: 'Friends' },
  { key: 'jobs', label: 'Jobs', note: NOT_COUNTING_DELETED },
  { key: 'rentals', label: 'Rentals', note: NOT_COUNTING_DELETED },
  { key: 'shops', label: 'Shops', note: NOT_COUNTING_DELETED },
];

function getFullName(me: AdminMe): string {
  return [me.profile.fullname, me.profile.lastname].filter(Boolean).join(' ');
}

function checkAvatar(file: File): string | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return MESSAGES.avatarType;
  if (file.size > MAX_UPLOAD_BYTES) return `Avatar must be at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;
  return null;
}

/**
 * My Account (SPEC §2): view mode, and edit mode entered by Edit Profile and left by Save or Cancel.
 * If the admin's details cannot be loaded, the shell (app-layout.tsx) shows 'You dont have access'
 * and goes to / (SPEC §6).
 */
export function AccountPage() {
  const meQuery = useQuery(meQueryOptions());
  if (meQuery.isPending) return <PageLoader />;
  if (meQuery.isError) return <PageHeader title="My Account" />;
  return <AccountDetails me={meQuery.data} />;
}

function AccountDetails({ me }: { me: AdminMe }) {
  const [isEditing, setIsEditing] = useState(false);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const avatarPreview = useObjectUrl(avatar);
  const form = useForm<AccountEditValues>({ resolver: zodResolver(accountEditSchema) });
  const update = useUpdateMe();
  const { errors } = form.formState;

  const onEdit = () => {
    form.reset({ fullname: getFullName(me), username: me.profile.username });
    setIsEditing(true);
  };
  const onCancel = () => {
    setIsEditing(false);
    setAvatar(null);
    setAvatarError(null);
    update.reset();
  };
  const onPickAvatar = (file: File | null) => {
    if (!file) return;
    const failure = checkAvatar(file);
    setAvatarError(failure);
    setAvatar(failure ? null : file);
  };
  const onSave = (values: AccountEditValues) => {
    update.mutate(
      { me, fullName: values.fullname, username: values.username, avatar },
      {
        onSuccess: () => {
          notify('success', MESSAGES.editedSuccessfully);
          onCancel();
        },
        onError: (error) => {
          if (!isApiError(error) || !error.isHandled) notify('error', MESSAGES.somethingWrongTryAgain);
        },
      },
    );
  };

  const fullName = getFullName(me);
  const avatarSource = avatarPreview ?? me.profile.profileURL[0] ?? null;

  return (
    <>
      <PageHeader
        title="My Account"
        actions={
          <Button
            component={Link}
            to="/change-password"
            variant="default"
            leftSection={<IconLock size={18} />}
          >
            Change Password
          </Button>
        }
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Group gap="lg" wrap="wrap">
            <Stack gap="xs" align="center">
              <Avatar
                src={avatarSource}
                alt={avatarPreview ? 'New avatar preview' : `${me.profile.username}'s avatar`}
                size={96}
                radius={96}
                color="blue"
                variant="filled"
              >
                {(me.profile.fullname || me.profile.username).slice(0, 1).toUpperCase()}
              </Avatar>
              {isEditing ? (
                <FileButton onChange={onPickAvatar} accept={AVATAR_MIME_TYPES.join(',')}>
                  {(props) => (
                    <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />}>
                      Choose Avatar
                    </Button>
                  )}
                </FileButton>
              ) : null}
              {avatarError ? (
                <Text c="var(--mantine-color-error)" size="sm" role="alert">
                  {avatarError}
                </Text>
              ) : null}
            </Stack>
            <div>
              <Title order={2} size="h3">
                {fullName || me.profile.username}
              </Title>
              <Text c="dimmed">@{me.profile.username}</Text>
              <Text size="sm" mt="xs">
                Joined on {formatDate(me.profile.createdAt)}
              </Text>
            </div>
          </Group>
        </Paper>

        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
          {COUNTS.map(({ key, label, note }) => (
            <StatCard key={key} label={label} value={me.counts[key]} note={note} />
          ))}
        </SimpleGrid>

        <Paper withBorder radius="md" p="lg" maw={640}>
          <Title order={2} size="h4" mb="md">
            Profile
          </Title>
          {isEditing ? (
            <form noValidate onSubmit={form.handleSubmit(onSave)}>
              <Stack gap="md">
                <TextInput
                  label="Full Name"
                  autoComplete="name"
                  withAsterisk
                  error={errors.fullname?.message}
                  {...form.register('fullname')}
                />
                <TextInput
                  label="Username"
                  autoComplete="username"
                  withAsterisk
                  error={errors.username?.message}
                  {...form.register('username')}
                />
                <TextInput label="Email" value={me.profile.email} readOnly variant="filled" />
                <Group justify="flex-end">
                  <Button variant="default" onClick={onCancel} disabled={update.isPending}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={update.isPending}>
                    Save Changes
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <Stack gap="md">
              <TextInput label="Full Name" value={fullName} readOnly variant="filled" />
              <TextInput label="Username" value={me.profile.username} readOnly variant="filled" />
              <TextInput label="Email" value={me.profile.email} readOnly variant="filled" />
              <Group justify="flex-end">
                <Button onClick={onEdit} leftSection={<IconPencil size={18} />}>
                  Edit Profile
                </Button>
              </Group>
            </Stack>
          )}
        </Paper>
        <TwoFactorSettings me={me} />
        {/* Until a required two-factor sign-in is set up, the server refuses everything else. */}
        {me.mfa.required && !me.mfa.enabled ? null : (
          <>
            <NotificationSettings />
            {me.role_type === 'admin' ? <MfaPolicySettings /> : null}
          </>
        )}
      </Stack>
    </>
  );
}
