import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/Table.layer.css';
import 'mantine-datatable/styles.layer.css';
import { VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { paginationControlProps, paginationItemProps } from '../../lib/pagination-labels';
import { fitColumns } from './fit-columns';
import type { ResponsiveTableProps } from './responsive-table';
import { tableClasses as classes } from './table-classes';

// The width of the columns a table has besides its declared ones.
const SELECTION_WIDTH = 44;
const NUMBER_WIDTH = 56;
const MENU_WIDTH = 64;

/**
 * A table from the `sm` breakpoint up (core/tables/responsive-table.tsx), holding the columns its
 * width can hold by their priority (fitColumns), never cut or scrolled sideways.
 */
export function WideTable<Row extends { _id: string }>({
  label,
  rows,
  columns,
  rowName,
  numberFrom,
  menu,
  selection,
  paging,
  sort,
  isFetching,
  empty,
  rowClassName,
}: ResponsiveTableProps<Row>) {
  const selectLabel = (row: Row) => `Select ${rowName?.(row) ?? 'row'}`;
  // The table's own width, not the screen's: the side navigation takes 250 px when open.
  const { ref, width } = useElementSize();
  const reserved =
    (selection ? SELECTION_WIDTH : 0) +
    (numberFrom === undefined ? 0 : NUMBER_WIDTH) +
    (menu ? MENU_WIDTH : 0);
  const shown: DataTableColumn<Row>[] = fitColumns(columns, width, reserved).map((column) => ({
    accessor: column.accessor,
    // A sortable header is a button: its name says what a click does.
    title: column.isSortable ? (
      <>
        <VisuallyHidden>Sort by</VisuallyHidden> {column.title}
      </>
    ) : (
      column.title
    ),
    sortable: column.isSortable,
    render: column.render,
    cellsClassName: classes.cell,
    noWrap: column.isStatus,
  }));
  const numberColumn: DataTableColumn<Row>[] =
    numberFrom === undefined
      ? []
      : [{ accessor: 'index', title: '#', width: NUMBER_WIDTH, render: (_row, index) => numberFrom + index }];
  const menuColumn: DataTableColumn<Row>[] = menu
    ? [
        {
          accessor: 'actions',
          title: <VisuallyHidden>Actions</VisuallyHidden>,
          textAlign: 'right',
          width: MENU_WIDTH,
          render: menu,
        },
      ]
    : [];
  const selectionProps = selection
    ? {
        selectedRecords: selection.selected,
        onSelectedRecordsChange: selection.onChange,
        allRecordsSelectionCheckboxProps: { 'aria-label': 'Select all rows on this page' },
        getRecordSelectionCheckboxProps: (row: Row) => ({ 'aria-label': selectLabel(row) }),
      }
    : {};
  const pagingProps = paging
    ? {
        totalRecords: paging.total,
        recordsPerPage: paging.pageSize,
        page: paging.page,
        onPageChange: paging.onPageChange,
        paginationText: paging.text,
        getPaginationControlProps: paginationControlProps,
        getPaginationItemProps: paginationItemProps,
      }
    : {};
  const sortProps = sort
    ? {
        // Without a sorted column the table marks none (the default order); its type wants one.
        sortStatus: (sort.sorted && {
          columnAccessor: sort.sorted.accessor,
          direction: sort.sorted.isDescending ? 'desc' : 'asc',
        }) as DataTableSortStatus<Row>,
        onSortStatusChange: (status: DataTableSortStatus<Row>) => sort.onSort(String(status.columnAccessor)),
      }
    : {};
  return (
    <div ref={ref}>
      <DataTable<Row>
        aria-label={label}
        idAccessor="_id"
        records={rows}
        columns={[...numberColumn, ...shown, ...menuColumn]}
        fetching={isFetching}
        minHeight={rows.length === 0 ? 200 : undefined}
        noRecordsText={empty}
        highlightOnHover
        verticalSpacing="sm"
        rowClassName={rowClassName}
        {...selectionProps}
        {...pagingProps}
        {...sortProps}
      />
    </div>
  );
}
