import { Text } from '@mantine/core';
import { useState } from 'react';
import { ResponsiveTable, type TableColumn } from '../tables/responsive-table';

/** Rows a detail page has loaded at once and pages itself (SPEC §9: applications, 20 per page). */
export const CLIENT_PAGE_SIZE = 20;

export type PagedTableColumn<Row> = TableColumn<Row>;

type PagedTableProps<Row extends { _id: string }> = {
  rows: readonly Row[];
  columns: readonly PagedTableColumn<Row>[];
  /** Shown instead of the table when there are no rows. */
  empty: string;
  /** Names the table for screen readers. */
  label: string;
  pageSize?: number;
};

/** A responsive table of loaded rows numbered from 1 and paged on the client, or the empty text. */
export function PagedTable<Row extends { _id: string }>({
  rows,
  columns,
  empty,
  label,
  pageSize = CLIENT_PAGE_SIZE,
}: PagedTableProps<Row>) {
  const [page, setPage] = useState(1);
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;

  const pageCount = Math.ceil(rows.length / pageSize);
  const current = Math.min(page, pageCount);
  const skip = (current - 1) * pageSize;
  return (
    <ResponsiveTable<Row>
      label={label}
      rows={rows.slice(skip, skip + pageSize)}
      columns={columns}
      numberFrom={skip + 1}
      paging={{
        page: current,
        pageSize,
        total: rows.length,
        onPageChange: setPage,
        text: ({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`,
      }}
      empty={empty}
    />
  );
}
