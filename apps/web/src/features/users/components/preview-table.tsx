import { Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import { type ReactNode, useId } from 'react';
import { AnchorLink } from '../../../components/anchor-link';
import type { UserListPath } from '../../../lib/app-paths';

/** One column of a preview: its heading and its cell; a blank cell says 'Not available'. */
export type PreviewColumn<Row> = {
  title: string;
  render: (row: Row) => ReactNode;
};

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
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>#</Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.title}>{column.title}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={row._id}>
                  <Table.Td>{index + 1}</Table.Td>
                  {columns.map((column) => {
                    const value = column.render(row);
                    return (
                      <Table.Td key={column.title}>{isBlank(value) ? MESSAGES.notAvailable : value}</Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
