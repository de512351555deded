import type { ReactNode } from 'react';

/** One column of a responsive table (core/tables/responsive-table.tsx). */
export type TableColumn<Row> = {
  /** A key of the row, or any unique name for a computed column. */
  accessor: string;
  title: string;
  render: (row: Row) => ReactNode;
  /**
   * Which columns stay when the table is narrow: the lowest first (by default 1), equals in their
   * declared order. The first column (the row's name) and the status always stay.
   */
  priority?: number;
  /** The width it needs to be read, in pixels (by default DEFAULT_COLUMN_WIDTH). */
  minWidth?: number;
  /** The row's status: always shown, and beside the name on a stacked card. */
  isStatus?: boolean;
  /** Its header sorts the rows (the table's `sort`). */
  isSortable?: boolean;
};

/** What a text column needs to stay readable: about two short words. */
export const DEFAULT_COLUMN_WIDTH = 130;

/**
 * The columns a table `width` pixels wide holds, once `reserved` pixels are taken by the columns
 * that are not declared (the checkbox, #, the row menu). The name and status columns always stay;
 * the others are kept by priority while they fit, and the first that does not fit hides every
 * one after it, so a less important column is never shown in place of a more important one.
 * A width of 0 is a table not measured yet: every column.
 */
export function fitColumns<Row>(
  columns: readonly TableColumn<Row>[],
  width: number,
  reserved: number,
): readonly TableColumn<Row>[] {
  if (width <= 0) return columns;
  const [name, ...rest] = columns;
  const widthOf = (column: TableColumn<Row>) => column.minWidth ?? DEFAULT_COLUMN_WIDTH;
  const always = columns.filter((column) => column === name || column.isStatus);
  let budget = width - reserved - always.reduce((sum, column) => sum + widthOf(column), 0);
  const ranked = rest
    .filter((column) => !column.isStatus)
    .map((column, place) => ({ column, rank: column.priority ?? 1, place }))
    .sort((a, b) => a.rank - b.rank || a.place - b.place);
  const kept = new Set<TableColumn<Row>>(always);
  for (const { column } of ranked) {
    if (widthOf(column) > budget) break;
    budget -= widthOf(column);
    kept.add(column);
  }
  return columns.filter((column) => kept.has(column));
}
