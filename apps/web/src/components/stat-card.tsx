import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

const numberFormat = new Intl.NumberFormat('en-US');

type StatCardProps = { label: string; value: number | undefined; isLoading?: boolean; icon?: ReactNode };

/** A labelled counter: a placeholder bar while loading, a dash when there is no value. */
export function StatCard({ label, value, isLoading = false, icon }: StatCardProps) {
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
              {value === undefined ? '–' : numberFormat.format(value)}
            </Text>
          )}
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
