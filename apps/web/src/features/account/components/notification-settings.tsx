import '@mantine/core/styles/Switch.layer.css';
import { Paper, Switch, Text, Title } from '@mantine/core';
import { lazySchema } from '@roam/contract/lazy-schema';
import {
  NOTIFICATIONS_SAVED,
  notificationSettingsSchema,
  type NotificationSettings as Settings,
} from '@roam/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { actionFailureMessage } from '../../../lib/action-failure';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

const QUERY_KEY = ['account', 'notifications'] as const;
const savedSchema = lazySchema(() => z.object({ message: z.string(), settings: notificationSettingsSchema }));

/** My Account's notification choices (DESIGN §8): each switch saves at once. */
export function NotificationSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) =>
      apiRequest('/notifications/setting', { schema: notificationSettingsSchema, signal }),
  });
  const save = useMutation({
    mutationFn: (change: Partial<Settings>) =>
      apiRequest('/notifications/setting', { method: 'POST', json: change, schema: savedSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(QUERY_KEY, answer.settings);
      notify('success', NOTIFICATIONS_SAVED);
    },
    onError: (error) => notify('error', actionFailureMessage(error)),
  });

  return (
    <Paper withBorder radius="md" p="lg" maw={640} component="section" aria-labelledby="notifications-title">
      <Title order={2} size="h4" id="notifications-title" mb="sm">
        Notifications
      </Title>
      <Switch
        label="Mail me the link when a download I asked for is ready"
        checked={settings.data?.export_ready_email ?? false}
        disabled={!settings.data || save.isPending}
        onChange={(event) => save.mutate({ export_ready_email: event.currentTarget.checked })}
      />
      {settings.isError ? (
        <Text size="sm" c="red" mt="xs">
          The settings could not be loaded.
        </Text>
      ) : null}
    </Paper>
  );
}
