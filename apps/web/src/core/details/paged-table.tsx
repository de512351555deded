import 'mantine-datatable/styles.css';
import { Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { paginationControlProps, paginationItemProps } from '../../lib/pagination-labels';

/** Rows a detail page has loaded at once and pages itself (SPEC §9: applications, 20 per page). */
export const CLIENT_PAGE_SIZE = 20;

export type PagedTableColumn<Row> = {
  accessor: string;
  title: string;
  render: (row: Row) => ReactNode;
};

type PagedTableProps<Row extends { _id: string }> = {
  rows: readonly Row[];
  columns: readonly PagedTableColumn<Row>[];
  /** Shown instead of the table when there are no rows. */
  empty: string;
  /** Names the table for screen readers. */
  label: string;
  pageSize?: number;
};

/** A table of loaded rows numbered from 1 and paged on the client, or the empty text. */
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
    <DataTable<Row>
      aria-label={label}
      idAccessor="_id"
      records={rows.slice(skip, skip + pageSize)}
      columns={[
        { accessor: 'index', title: '#', width: 56, render: (_row, index) => skip + index + 1 },
        ...columns.map((column) => ({
          accessor: column.accessor,
          title: column.title,
          render: column.render,
        })),
      ]}
      highlightOnHover
      verticalSpacing="sm"
      totalRecords={rows.length}
      recordsPerPage={pageSize}
      page={current}
      onPageChange={setPage}
      paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      getPaginationControlProps={paginationControlProps}
      getPaginationItemProps={paginationItemProps}
    />
  );
}
