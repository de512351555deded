import { Button, Group, Text } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { useNavigate } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { dismissForbidden, getForbiddenMessage, subscribeForbidden } from '../lib/forbidden-store';
import { ModalOnDemand } from './modal-on-demand';

/** The Unauthorized Access popup (SPEC §2): the server's message and a Close button to /analytics. */
export function UnauthorizedModal() {
  const message = useSyncExternalStore(subscribeForbidden, getForbiddenMessage, getForbiddenMessage);
  const navigate = useNavigate();

  const onClose = () => {
    dismissForbidden();
    void navigate({ to: '/analytics' });
  };

  return (
    <ModalOnDemand opened={message !== null} onClose={onClose} title={MESSAGES.unauthorizedTitle} centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </ModalOnDemand>
  );
}
