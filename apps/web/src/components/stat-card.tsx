import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { formatWholeNumber } from '@roam/contract/lists';
import type { ReactNode } from 'react';

type StatCardProps = {
  label: string;
  value: number | undefined;
  isLoading?: boolean;
  icon?: ReactNode;
  /** What the figure leaves out, where another screen counts more ('not counting deleted'). */
  note?: string;
};

/** What a count of records that are not deleted says, so that it does not seem to disagree with a list's All. */
export const NOT_COUNTING_DELETED = 'not counting deleted';

/** A labelled counter: a placeholder bar while loading, a dash when there is no value. */
export function StatCard({ label, value, isLoading = false, icon, note }: StatCardProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          {isLoading ? (
            <Skeleton height={30} width={80} mt={6} />
          ) : (
            <Text fz={28} fw={700} lh={1.3}>
              {value === undefined ? '–' : formatWholeNumber(value)}
            </Text>
          )}
          {note ? (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          ) : null}
        </div>
        {icon ? (
          <ThemeIcon variant="filled" size={44} radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
        ) : null}
      </Group>
    </Paper>
  );
}
