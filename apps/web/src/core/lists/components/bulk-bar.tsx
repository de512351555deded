import { Button, Group, Paper, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { readableTextColor } from '../../../components/status-badge';
import type { ConfirmAction, ListRow } from '../list-declaration';

type BulkBarProps<Row extends ListRow> = {
  count: number;
  /** The confirm actions allowed on every selected row (already filtered; may be empty). */
  actions: readonly ConfirmAction<Row>[];
  onChoose: (action: ConfirmAction<Row>) => void;
  onClear: () => void;
  /** The Download menu, for the selected rows. */
  download: ReactNode;
};

/**
 * Shown while rows are selected, above the table or cards: how many, the actions the admin may
 * take on all of them, Clear selection and the Download menu.
 */
export function BulkBar<Row extends ListRow>({
  count,
  actions,
  onChoose,
  onClear,
  download,
}: BulkBarProps<Row>) {
  return (
    <Paper
      component="section"
      aria-label="Selected rows"
      withBorder
      radius="md"
      p="xs"
      mb="md"
      bg="var(--mantine-color-default-hover)"
    >
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Text size="sm" fw={500} aria-live="polite" px="xs">
          {count} selected
        </Text>
        <Group gap="xs" wrap="wrap">
          {actions.map((action) => (
            <Button
              key={action.key}
              variant="light"
              color={action.color}
              c={action.color ? readableTextColor(action.color) : undefined}
              onClick={() => onChoose(action)}
            >
              {action.label}
            </Button>
          ))}
          {download}
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={onClear}
          >
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
