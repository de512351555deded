import { Button, Group, Text } from '@mantine/core';
import { confirmManyText, confirmText } from '@roam/contract/messages';
import { ModalOnDemand } from './modal-on-demand';

type ConfirmDialogProps = {
  /** The {action} of the question, e.g. 'Delete'; null closes the dialog. */
  action: string | null;
  /** The {page} of the question, e.g. 'city'. */
  page: string;
  /** Several records at once: 'these {count} {pages}'. */
  many?: { count: number; pages: string };
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * SPEC's confirm popup: 'Are you sure you want to {action} this {page} ?' (or 'these 3 {pages}'),
 * 'No, Go Back' / 'Yes, {action}'. The safe answer has the focus, so Enter never deletes by accident.
 */
export function ConfirmDialog({
  action,
  page,
  many,
  isBusy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const text = many ? confirmManyText(action ?? '', many.count, many.pages) : confirmText(action ?? '', page);
  return (
    <ModalOnDemand opened={action !== null} onClose={onCancel} title="Please confirm" centered>
      <Text mb="lg">{text.question}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isBusy} data-autofocus>
          {text.cancel}
        </Button>
        <Button color="red" onClick={onConfirm} loading={isBusy}>
          {text.confirm}
        </Button>
      </Group>
    </ModalOnDemand>
  );
}
