import { Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { type ReactNode, useId } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import { ResponsiveTable, type TableColumn } from '../../../core/tables/responsive-table';
import type { UserListPath } from '../../../lib/app-paths';

/** One column of a preview: its heading (which names it) and its cell; a blank cell says 'Not available'. */
export type PreviewColumn<Row> = Omit<TableColumn<Row>, 'accessor'>;

type PreviewTableProps<Row extends { _id: string }> = {
  title: string;
  rows: readonly Row[];
  columns: readonly PreviewColumn<Row>[];
  /** How many the user has in all: View All shows from `viewAllAt` on (SPEC §9: 5 or more). */
  total: number;
  viewAllAt: number;
  /** The per-user list (SPEC §2: /user-cafe/{userId} and the like) and the user. */
  viewAllTo: UserListPath;
  userId: string;
};

const isBlank = (value: ReactNode) => value === null || value === undefined || value === '';

/** A profile's preview of one of the user's lists (SPEC §2): numbered from 1, with View All. */
export function PreviewTable<Row extends { _id: string }>({
  title,
  rows,
  columns,
  total,
  viewAllAt,
  viewAllTo,
  userId,
}: PreviewTableProps<Row>) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {total >= viewAllAt ? (
          <AnchorLink to={viewAllTo} params={{ userId }} fz="sm" fw={500}>
            View All <VisuallyHidden>{title}</VisuallyHidden>
          </AnchorLink>
        ) : null}
      </Group>
      {rows.length === 0 ? (
        <Text ta="center" c="dimmed" py="md">
          {MESSAGES.noData}
        </Text>
      ) : (
        <ResponsiveTable<Row>
          label={title}
          rows={[...rows]}
          columns={columns.map((column) => ({
            ...column,
            accessor: column.title,
            render: (row: Row) => {
              const value = column.render(row);
              return isBlank(value) ? MESSAGES.notAvailable : value;
            },
          }))}
          numberFrom={1}
          empty={MESSAGES.noData}
        />
      )}
    </Paper>
  );
}
