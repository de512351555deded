import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMN_WIDTH, fitColumns, type TableColumn } from './fit-columns';

type Row = { _id: string };
const column = (accessor: string, extra: Partial<TableColumn<Row>> = {}): TableColumn<Row> => ({
  accessor,
  title: accessor,
  render: () => accessor,
  ...extra,
});
const names = (columns: readonly TableColumn<Row>[]) => columns.map((shown) => shown.accessor);

const COLUMNS = [
  column('name'),
  column('email', { priority: 3, minWidth: 200 }),
  column('role'),
  column('joined', { priority: 2 }),
  column('status', { isStatus: true, minWidth: 100 }),
];

describe('fitColumns', () => {
  it('keeps every column where they all fit, in their declared order', () => {
    expect(names(fitColumns(COLUMNS, 2000, 100))).toEqual(['name', 'email', 'role', 'joined', 'status']);
  });

  it('keeps every column of a table not measured yet', () => {
    expect(names(fitColumns(COLUMNS, 0, 100))).toEqual(['name', 'email', 'role', 'joined', 'status']);
  });

  it('drops the columns of the highest priority number first', () => {
    // name 130 + status 100 + role 130 + joined 130 = 490: no room left for the email's 200.
    expect(names(fitColumns(COLUMNS, 600, 100))).toEqual(['name', 'role', 'joined', 'status']);
    expect(names(fitColumns(COLUMNS, 500, 100))).toEqual(['name', 'role', 'status']);
  });

  it('never shows a less important column in place of a more important one that does not fit', () => {
    const wideFirst = [column('name'), column('email', { minWidth: 400 }), column('role', { priority: 2 })];
    expect(names(fitColumns(wideFirst, 500, 0))).toEqual(['name']);
  });

  it('always keeps the name and the status, however narrow', () => {
    expect(names(fitColumns(COLUMNS, 50, 100))).toEqual(['name', 'status']);
    expect(DEFAULT_COLUMN_WIDTH).toBeGreaterThan(0);
  });
});
