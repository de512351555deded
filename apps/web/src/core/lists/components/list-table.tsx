import { Anchor } from '@mantine/core';
import { AREAS, isSortKey } from '@roam/contract/areas';
import { readSort } from '@roam/contract/lists';
import { MESSAGES } from '@roam/contract/messages';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../../components/status-badge';
import { ResponsiveTable, type TableColumn, type TablePaging } from '../../tables/responsive-table';
import type { ListColumn, ListDeclaration, ListRow } from '../list-declaration';
import type { ListController } from '../use-list-controller';

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

type ListTableProps<Row extends ListRow> = {
  declaration: ListDeclaration<Row>;
  list: ListController<Row>;
  paging: TablePaging;
  rowMenu: (row: Row) => ReactNode;
  onOpenDetails: (row: Row) => void;
};

/**
 * The list as a table (or, below `sm`, as stacked cards): #, the declared columns, status and the
 * row menu, with selection and paging.
 */
export function ListTable<Row extends ListRow>({
  declaration,
  list,
  paging,
  rowMenu,
  onOpenDetails,
}: ListTableProps<Row>) {
  // A blank cell, plain or rendered, says N/A (SPEC §8).
  const render = (column: ListColumn<Row>) => (row: Row) => {
    const value = column.render ? column.render(row) : (row as Record<string, unknown>)[column.accessor];
    if (isBlank(value)) return MESSAGES.notAvailableShort;
    return column.render ? (value as ReactNode) : String(value);
  };
  // The area's sortable keys sort their columns.
  const isSortable = (accessor: string) => isSortKey(declaration.area, accessor);
  const toColumn = (column: ListColumn<Row>, cell = render(column)): TableColumn<Row> => ({
    accessor: column.accessor,
    title: column.title,
    isSortable: isSortable(column.accessor),
    render: cell,
    priority: column.priority,
    minWidth: column.minWidth,
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

  const columns: TableColumn<Row>[] = [
    ...(first ? [toColumn(first, firstCell(first))] : []),
    ...rest.map((column) => toColumn(column)),
    {
      accessor: 'status',
      title: 'Status',
      isStatus: true,
      isSortable: isSortable('status'),
      render: (row) => {
        const custom = declaration.statusLabel?.(row);
        return (
          <StatusBadge status={declaration.getStatus(row)} label={custom?.label} color={custom?.color} />
        );
      },
    },
  ];

  // No indicator on the default order (newest first): no column is marked sorted.
  const sort = list.sort ? readSort(list.sort) : undefined;

  return (
    <ResponsiveTable<Row>
      label={AREAS[declaration.area].labels.title}
      rows={list.rows}
      columns={columns}
      rowName={declaration.rowName}
      numberFrom={(list.page - 1) * list.pageSize + 1}
      menu={rowMenu}
      selection={{ selected: list.selected, onChange: list.setSelected }}
      paging={paging}
      sort={{
        sorted: sort && { accessor: sort.key, isDescending: sort.isDescending },
        onSort: list.toggleSort,
      }}
      isFetching={list.isFetching}
      empty={MESSAGES.noData}
    />
  );
}
