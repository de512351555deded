import { Anchor, VisuallyHidden } from '@mantine/core';
import { isSortKey } from '@roam/contract/areas';
import { readSort } from '@roam/contract/lists';
import { MESSAGES } from '@roam/contract/messages';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../../components/status-badge';
import { paginationControlProps, paginationItemProps } from '../../../lib/pagination-labels';
import type { ListColumn, ListDeclaration, ListRow } from '../list-declaration';
import type { ListController } from '../use-list-controller';

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

type ListTableProps<Row extends ListRow> = {
  declaration: ListDeclaration<Row>;
  list: ListController<Row>;
  totalText: string;
  rowMenu: (row: Row) => ReactNode;
  onOpenDetails: (row: Row) => void;
};

/** The list as a table: #, the declared columns, status and the row menu, with selection and paging. */
export function ListTable<Row extends ListRow>({
  declaration,
  list,
  totalText,
  rowMenu,
  onOpenDetails,
}: ListTableProps<Row>) {
  const skip = (list.page - 1) * list.pageSize;
  // A blank cell, plain or rendered, says N/A (SPEC §8).
  const render = (column: ListColumn<Row>) => (row: Row) => {
    const value = column.render ? column.render(row) : (row as Record<string, unknown>)[column.accessor];
    if (isBlank(value)) return MESSAGES.notAvailableShort;
    return column.render ? (value as ReactNode) : String(value);
  };
  // The area's sortable keys sort their columns; the label says what a click does.
  const sortable = (accessor: string, title: string) =>
    isSortKey(declaration.area, accessor)
      ? {
          sortable: true,
          title: (
            <>
              <VisuallyHidden>Sort by</VisuallyHidden> {title}
            </>
          ),
        }
      : { title };
  const toColumn = (column: ListColumn<Row>, cell = render(column)): DataTableColumn<Row> => ({
    accessor: column.accessor,
    ...sortable(column.accessor, column.title),
    render: cell,
    visibleMediaQuery: column.visibleFrom
      ? (theme) => `(min-width: ${theme.breakpoints[column.visibleFrom ?? 'sm']})`
      : undefined,
  });
  const [first, ...rest] = declaration.columns;
  // Where the area has a details popup, the first column opens it.
  const firstCell = (column: ListColumn<Row>) =>
    declaration.details
      ? (row: Row) => (
          <Anchor component="button" type="button" fz="sm" ta="left" onClick={() => onOpenDetails(row)}>
            {render(column)(row)}
          </Anchor>
        )
      : render(column);

  const columns: DataTableColumn<Row>[] = [
    { accessor: 'index', title: '#', width: 56, render: (_row, index) => skip + index + 1 },
    ...(first ? [toColumn(first, firstCell(first))] : []),
    ...rest.map((column) => toColumn(column)),
    {
      accessor: 'status',
      ...sortable('status', 'Status'),
      width: 120,
      render: (row) => {
        const custom = declaration.statusLabel?.(row);
        return (
          <StatusBadge status={declaration.getStatus(row)} label={custom?.label} color={custom?.color} />
        );
      },
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      width: 64,
      render: rowMenu,
    },
  ];

  // No indicator on the default order (newest first): no column is marked sorted.
  const sort = list.sort ? readSort(list.sort) : undefined;
  const sortStatus = sort && { columnAccessor: sort.key, direction: sort.isDescending ? 'desc' : 'asc' };

  return (
    <DataTable<Row>
      idAccessor="_id"
      records={list.rows}
      columns={columns}
      fetching={list.isFetching}
      minHeight={list.rows.length === 0 ? 200 : undefined}
      noRecordsText={MESSAGES.noData}
      highlightOnHover
      verticalSpacing="sm"
      selectedRecords={list.selected}
      onSelectedRecordsChange={list.setSelected}
      allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select all rows on this page' }}
      getRecordSelectionCheckboxProps={(row) => ({ 'aria-label': `Select ${declaration.rowName(row)}` })}
      totalRecords={list.searchcount}
      recordsPerPage={list.pageSize}
      page={list.page}
      onPageChange={list.setPage}
      paginationText={() => totalText}
      getPaginationControlProps={paginationControlProps}
      getPaginationItemProps={paginationItemProps}
      // Without a status the table marks no column (the default order); its props type wants one.
      sortStatus={sortStatus as DataTableSortStatus<Row>}
      onSortStatusChange={(status) => list.toggleSort(String(status.columnAccessor))}
    />
  );
}
