import { Checkbox, Group, Paper, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { PageLoader } from '../../components/page-loader';
import { lazyModule, useLazyModule } from '../../lib/lazy-module';
import type { TableColumn } from './fit-columns';
import { PagingFooter, type TablePaging } from './paging-footer';
import { isChosen, toggleChosen } from './selection';
import { tableClasses as classes } from './table-classes';

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

export type ResponsiveTableProps<Row extends { _id: string }> = {
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

// The table library (and the kit's popups it is built with) is a file of its own: a phone, which
// shows cards, never asks for it.
const wideTable = lazyModule(() => import('./wide-table'));

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
  return isWide ? <WideTableOnDemand {...props} /> : <StackedRows {...props} />;
}

/** The table, asked for as soon as the screen is wide enough for one. */
function WideTableOnDemand<Row extends { _id: string }>(props: ResponsiveTableProps<Row>) {
  const { loaded, want } = useLazyModule(wideTable);
  useEffect(want, [want]);
  return loaded ? <loaded.WideTable {...props} /> : <PageLoader />;
}

/**
 * The cards a phone's first render of a list holds: below the filters its screen shows one or two
 * of a page's twenty. The others follow once those have painted, a few at a time, each step a
 * transition of its own: the page's first paint does not wait for cards no one sees yet, and no
 * step is a long task (the sixteen others in one commit were the longest task after a phone's
 * first paint on a slow machine).
 */
const FIRST_CARDS = 4;
const CARDS_PER_STEP = 4;

/** How many of `total` cards to render: the first few, then a few more each step, then every one. */
function useCardsShown(total: number): number {
  const [limit, setLimit] = useState(FIRST_CARDS);
  const isHoldingBack = limit < total;
  useEffect(() => {
    if (!isHoldingBack) return;
    const next = limit + CARDS_PER_STEP;
    // Once every card has been drawn, a later page draws all of its own at once.
    startTransition(() => setLimit(next >= total ? Number.POSITIVE_INFINITY : next));
  }, [isHoldingBack, limit, total]);
  return Math.min(total, limit);
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
  const shown = useCardsShown(rows.length);
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
          {rows.slice(0, shown).map((row) => (
            <Paper
              component="li"
              key={row._id}
              className={classes.card}
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
