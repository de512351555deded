import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { tokenResponseSchema } from '@roam/contract/auth';
import type { AdminMe } from '@roam/contract/entities';
import { lazySchema } from '@roam/contract/lazy-schema';
import {
  type MfaEnrollAnswer,
  type MfaPolicy,
  mfaActivateAnswerSchema,
  mfaEnrollAnswerSchema,
  mfaPolicySchema,
} from '@roam/contract/mfa';
import { IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { actionFailureMessage } from '../../../lib/action-failure';
import { apiRequest } from '../../../lib/api-client';
import { fieldMessage, isApiError } from '../../../lib/api-error';
import { meQueryOptions } from '../../../lib/me';
import { notify } from '../../../lib/notify';

/** A refused code, in the field's words ("code: …" becomes "…"). */
const codeError = (error: unknown) =>
  isApiError(error) && error.status === 400
    ? (fieldMessage(error, 'code') ?? error.message)
    : actionFailureMessage(error);

/**
 * My Account's two-factor sign-in (DESIGN §8): set it up (QR code or key, a first code, the ten
 * recovery codes shown once), or turn it off with a code. Changing it ends the account's other
 * sessions; this one goes on with the new tokens the server answers. When the role requires it and
 * it is not set up, this is the only thing the panel lets the admin do.
 */
export function TwoFactorSettings({ me }: { me: AdminMe }) {
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<MfaEnrollAnswer | null>(null);
  const [isTurningOff, setTurningOff] = useState(false);
  const { enabled, required } = me.mfa;
  const reloadMe = () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });

  const enroll = useMutation({
    mutationFn: () => apiRequest('/auth/mfa/enroll', { method: 'POST', schema: mfaEnrollAnswerSchema }),
    onSuccess: setEnrolment,
    onError: (error) => notify('error', actionFailureMessage(error)),
  });

  return (
    <Paper withBorder radius="md" p="lg" maw={640} component="section" aria-labelledby="two-factor-title">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id="two-factor-title">
          Two-factor sign-in
        </Title>
        <Badge color={enabled ? 'green' : 'gray'} variant="light">
          {enabled ? 'On' : 'Off'}
        </Badge>
      </Group>
      {required && !enabled ? (
        <Alert color="orange" variant="light" icon={<IconShieldLock aria-hidden />} mb="sm" role="alert">
          Your role requires two-factor sign-in. Set it up to use the rest of the panel.
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed" mb="md">
        {enabled
          ? 'Every sign-in asks for a code from your authenticator app (or one of your recovery codes).'
          : 'Add a code from an authenticator app (Google Authenticator, 1Password, Authy…) to every sign-in.'}
      </Text>
      {enabled ? (
        <Group gap="sm">
          <Button variant="default" color="red" disabled={required} onClick={() => setTurningOff(true)}>
            Turn off
          </Button>
          {required ? (
            <Text size="sm" c="dimmed">
              Required for your role: it cannot be turned off.
            </Text>
          ) : null}
        </Group>
      ) : (
        <Button
          leftSection={<IconShieldCheck size={18} aria-hidden />}
          loading={enroll.isPending}
          onClick={() => enroll.mutate()}
        >
          Set up two-factor sign-in
        </Button>
      )}
      {enrolment ? (
        <EnrolmentModal
          enrolment={enrolment}
          onClose={() => {
            setEnrolment(null);
            void reloadMe();
          }}
        />
      ) : null}
      {isTurningOff ? (
        <TurnOffModal
          onClose={() => setTurningOff(false)}
          onDone={() => {
            setTurningOff(false);
            void reloadMe();
          }}
        />
      ) : null}
    </Paper>
  );
}

/** Scan, confirm with a first code, then keep the recovery codes (shown this once). */
function EnrolmentModal({ enrolment, onClose }: { enrolment: MfaEnrollAnswer; onClose: () => void }) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const activate = useMutation({
    mutationFn: (value: string) =>
      apiRequest('/auth/mfa/activate', {
        method: 'POST',
        json: { code: value },
        schema: mfaActivateAnswerSchema,
        replacesSession: true,
      }),
    onSuccess: ({ recovery_codes }) => {
      setRecovery(recovery_codes);
      notify('success', 'Two-factor sign-in is on');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d{6}$/.test(code.trim())) activate.mutate(code.trim());
  };
  const recoveryText = recovery?.join('\n') ?? '';

  return (
    <Modal
      opened
      onClose={onClose}
      title="Set up two-factor sign-in"
      size="lg"
      closeOnClickOutside={!recovery}
    >
      {recovery ? (
        <Stack gap="md">
          <Text size="sm">
            Keep these recovery codes somewhere safe. Each signs you in once if you lose your device. They are
            shown only now.
          </Text>
          <SimpleGrid cols={2} spacing="xs" component="ul" aria-label="Recovery codes" p={0} m={0}>
            {recovery.map((value) => (
              <Code key={value} component="li" style={{ listStyle: 'none' }} fz="md" ta="center">
                {value}
              </Code>
            ))}
          </SimpleGrid>
          <Group justify="space-between">
            <Group gap="xs">
              <CopyButton value={recoveryText}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
              <Button
                variant="default"
                component="a"
                href={`data:text/plain;charset=utf-8,${encodeURIComponent(`Roam Admin recovery codes\n\n${recoveryText}\n`)}`}
                download="roam-admin-recovery-codes.txt"
              >
                Download
              </Button>
            </Group>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <List type="ordered" size="sm" spacing={4}>
              <List.Item>Open your authenticator app and add an account.</List.Item>
              <List.Item>Scan this QR code, or type the key below.</List.Item>
              <List.Item>Enter the 6-digit code the app shows.</List.Item>
            </List>
            <Group align="flex-start" gap="lg" wrap="wrap">
              <Image src={enrolment.qr} alt="QR code to scan with your authenticator app" w={180} h={180} />
              <Stack gap={4} style={{ flex: '1 1 200px', minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  Key
                </Text>
                <Code block fz="sm" aria-label="Key" style={{ wordBreak: 'break-all' }}>
                  {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
                </Code>
                <Anchor href={enrolment.otpauth_url} size="sm">
                  Open in an authenticator app on this device
                </Anchor>
              </Stack>
            </Group>
            <TextInput
              label="Code from the app"
              withAsterisk
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={activate.isError ? codeError(activate.error) : undefined}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={activate.isPending} disabled={!/^\d{6}$/.test(code.trim())}>
                Turn on
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Turning it off takes a code (or a recovery code): a stolen session alone cannot. */
function TurnOffModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [value, setValue] = useState('');
  const isCode = /^\d{6}$/.test(value.trim());
  const turnOff = useMutation({
    mutationFn: () =>
      apiRequest('/auth/mfa', {
        method: 'DELETE',
        json: isCode ? { code: value.trim() } : { recovery_code: value.trim() },
        schema: tokenResponseSchema,
        replacesSession: true,
      }),
    onSuccess: () => {
      notify('success', 'Two-factor sign-in is off');
      onDone();
    },
  });
  return (
    <Modal opened onClose={onClose} title="Turn off two-factor sign-in">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim().length >= 6) turnOff.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm">Enter a code from your authenticator app, or a recovery code.</Text>
          <TextInput
            label="Code or recovery code"
            withAsterisk
            autoComplete="one-time-code"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={turnOff.isError ? codeError(turnOff.error) : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={turnOff.isPending}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const POLICY_KEY = ['account', 'mfa-policy'] as const;
const savedPolicySchema = lazySchema(() => z.object({ message: z.string(), policy: mfaPolicySchema }));

/** Admins only: which roles must use two-factor sign-in (every account of the role, at once). */
export function MfaPolicySettings() {
  const queryClient = useQueryClient();
  const policy = useQuery({
    queryKey: POLICY_KEY,
    queryFn: ({ signal }) => apiRequest('/admin/security/mfa-policy', { schema: mfaPolicySchema, signal }),
  });
  const save = useMutation({
    mutationFn: (next: MfaPolicy) =>
      apiRequest('/admin/security/mfa-policy', { method: 'PUT', json: next, schema: savedPolicySchema }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(POLICY_KEY, answer.policy);
      notify('success', answer.message);
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
    },
    onError: (error) => notify('error', actionFailureMessage(error)),
  });
  const current = policy.data;
  const change = (role: keyof MfaPolicy, isRequired: boolean) => {
    if (current) save.mutate({ ...current, [role]: isRequired });
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={640} component="section" aria-labelledby="mfa-policy-title">
      <Title order={2} size="h4" id="mfa-policy-title" mb="xs">
        Require two-factor sign-in
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Accounts of a required role that have not set it up can do nothing else until they do.
      </Text>
      <Stack gap="sm">
        <Switch
          label="For every admin"
          checked={current?.admin ?? false}
          disabled={!current || save.isPending}
          onChange={(event) => change('admin', event.currentTarget.checked)}
        />
        <Switch
          label="For every sub-admin"
          checked={current?.['sub-admin'] ?? false}
          disabled={!current || save.isPending}
          onChange={(event) => change('sub-admin', event.currentTarget.checked)}
        />
      </Stack>
      {policy.isError ? (
        <Text size="sm" c="red" mt="xs">
          The requirement could not be loaded.
        </Text>
      ) : null}
    </Paper>
  );
}
