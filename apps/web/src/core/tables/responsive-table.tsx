import 'mantine-datatable/styles.layer.css';
import { Checkbox, Group, Paper, Text, useMantineTheme, VisuallyHidden } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { paginationControlProps, paginationItemProps } from '../../lib/pagination-labels';
import { fitColumns, type TableColumn } from './fit-columns';
import { PagingFooter, type TablePaging } from './paging-footer';
import { isChosen, toggleChosen } from './selection';
import classes from './tables.module.css';

export type { TableColumn } from './fit-columns';
export type { TablePaging } from './paging-footer';

/** The order of the rows, kept by whoever owns the list: the column sorted by (none: the default order). */
export type TableSort = {
  sorted?: { accessor: string; isDescending: boolean };
  /** A sortable column's header was clicked. */
  onSort: (accessor: string) => void;
};

/** The rows chosen for a bulk action, kept by whoever owns the list (the list controller). */
export type TableSelection<Row> = {
  selected: Row[];
  onChange: (rows: Row[]) => void;
};

type ResponsiveTableProps<Row extends { _id: string }> = {
  /** Names the table (or the list of cards) for screen readers. */
  label: string;
  rows: Row[];
  /** The first names the row (its link or details button); `isStatus` marks the status. */
  columns: readonly TableColumn<Row>[];
  /** How a row is named in labels ('Select {name}'); its card is named by it too. */
  rowName?: (row: Row) => string;
  /** Numbers the rows in a '#' column from this number (the page's first row), on wide screens. */
  numberFrom?: number;
  /** The row's menu (or its one action), at the end of the row and on the card's top line. */
  menu?: (row: Row) => ReactNode;
  selection?: TableSelection<Row>;
  paging?: TablePaging;
  /** Sorting from the headers of the `isSortable` columns (on wide screens; below, the list's own control). */
  sort?: TableSort;
  isFetching?: boolean;
  /** Shown when there are no rows. */
  empty: string;
  /** On each table row (a menu shown on hover). */
  rowClassName?: string;
};

// The width of the columns a table has besides its declared ones.
const SELECTION_WIDTH = 44;
const NUMBER_WIDTH = 56;
const MENU_WIDTH = 64;

/**
 * Every table of the panel (DESIGN §1): a table from the `sm` breakpoint up, holding the columns its
 * width can hold by their priority (fitColumns), never cut or scrolled sideways; below `sm`, where
 * no table fits, one card per row (StackedRows) with the same selection and paging.
 */
export function ResponsiveTable<Row extends { _id: string }>(props: ResponsiveTableProps<Row>) {
  const theme = useMantineTheme();
  const isWide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  return isWide ? <WideTable {...props} /> : <StackedRows {...props} />;
}

function WideTable<Row extends { _id: string }>({
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

/** Below `sm`: each row a card with its checkbox, name, status and menu on top, then its fields. */
function StackedRows<Row extends { _id: string }>({
  label,
  rows,
  columns,
  rowName,
  menu,
  selection,
  paging,
  isFetching,
  empty,
}: ResponsiveTableProps<Row>) {
  const selectLabel = (row: Row) => `Select ${rowName?.(row) ?? 'row'}`;
  const [name, ...rest] = columns;
  const statuses = rest.filter((column) => column.isStatus);
  const fields = rest.filter((column) => !column.isStatus);
  const isSelected = (row: Row) => isChosen(selection?.selected ?? [], row);
  const toggle = (row: Row) => selection?.onChange(toggleChosen(selection.selected, row));
  const selectedHere = rows.filter(isSelected).length;
  const others = (selection?.selected ?? []).filter((chosen) => !isChosen(rows, chosen));
  return (
    <div aria-busy={isFetching}>
      {selection && rows.length > 0 ? (
        <Checkbox
          mb="sm"
          label="Select all rows on this page"
          checked={selectedHere === rows.length}
          indeterminate={selectedHere > 0 && selectedHere < rows.length}
          onChange={() => selection.onChange(selectedHere === rows.length ? others : [...others, ...rows])}
        />
      ) : null}
      {rows.length === 0 ? (
        <Text ta="center" c="dimmed" py="lg">
          {empty}
        </Text>
      ) : (
        <ul aria-label={label} className={classes.cards}>
          {rows.map((row) => (
            <Paper
              component="li"
              key={row._id}
              withBorder
              radius="md"
              p="sm"
              mb="sm"
              aria-label={rowName?.(row)}
            >
              <Group gap="sm" wrap="nowrap" align="center">
                {selection ? (
                  <Checkbox
                    aria-label={selectLabel(row)}
                    checked={isSelected(row)}
                    onChange={() => toggle(row)}
                  />
                ) : null}
                <div className={classes.name}>{name?.render(row)}</div>
                {statuses.map((status) => (
                  <div key={status.accessor}>{status.render(row)}</div>
                ))}
                {menu?.(row)}
              </Group>
              {fields.length > 0 ? (
                <dl className={classes.fields}>
                  {fields.map((field) => (
                    <FieldLine key={field.accessor} title={field.title} value={field.render(row)} />
                  ))}
                </dl>
              ) : null}
            </Paper>
          ))}
        </ul>
      )}
      {paging ? <PagingFooter paging={paging} /> : null}
    </div>
  );
}

function FieldLine({ title, value }: { title: string; value: ReactNode }) {
  return (
    <>
      <dt>{title}</dt>
      <dd>{value}</dd>
    </>
  );
}
