import { Button, Group, Modal, Text } from '@mantine/core';
import { confirmText } from '@roam/contract/messages';

type ConfirmDialogProps = {
  /** The {action} of the question, e.g. 'Delete'; null closes the dialog. */
  action: string | null;
  /** The {page} of the question, e.g. 'city'. */
  page: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * SPEC's confirm popup: 'Are you sure you want to {action} this {page} ?', 'No, Go Back' / 'Yes,
 * {action}'. The safe answer has the focus, so Enter never deletes by accident.
 */
export function ConfirmDialog({ action, page, isBusy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const text = confirmText(action ?? '', page);
  return (
    <Modal opened={action !== null} onClose={onCancel} title="Please confirm" centered>
      <Text mb="lg">{text.question}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isBusy} data-autofocus>
          {text.cancel}
        </Button>
        <Button color="red" onClick={onConfirm} loading={isBusy}>
          {text.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
