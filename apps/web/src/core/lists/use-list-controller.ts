import { AREAS } from '@roam/contract/areas';
import { LAST_PAGE_CURSOR, pageCount } from '@roam/contract/lists';
import type { RecordStatus } from '@roam/contract/status';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { isRefusal } from '../../lib/api-error';
import { canMe, meQueryOptions } from '../../lib/me';
import { useActionRunner } from '../actions/use-action-runner';
import { isChosen, toggleChosen } from '../tables/selection';
import {
  actionsForAll,
  allowedActions,
  type ListDeclaration,
  type ListRow,
  type RowAction,
} from './list-declaration';
import { listQueryOptions } from './list-query';
import { isDefaultView, type ListSearch } from './list-search';
import { nextSort } from './list-sort';

/** Page 1: no page in the URL, and no cursor. */
const FIRST_PAGE = { page: undefined, after: undefined, before: undefined } satisfies Partial<ListSearch>;

/** The page on screen, as far as a move from it needs. */
export type PagePlace = {
  page: number;
  pageCount: number;
  /** The total is exact (not past the count cap), so the last page number is the last page. */
  isCountExact: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
};

/**
 * The URL of a move to `page` (the pager only offers first, previous, next, last and the current
 * page): page 1 as it is, the next and previous pages from the cursors of the page on screen, the
 * last from the end; any other page, or one whose cursor is not at hand, by skip (DESIGN §4). A
 * cursor in the URL keeps a reload of a deep page as quick as the move was.
 */
export function pageMove(from: PagePlace, page: number): Partial<ListSearch> {
  if (page <= 1) return FIRST_PAGE;
  if (page === from.page + 1 && from.nextCursor) {
    return { page, after: from.nextCursor, before: undefined };
  }
  if (page === from.pageCount && from.isCountExact) {
    return { page, after: undefined, before: LAST_PAGE_CURSOR };
  }
  if (page === from.page - 1 && from.prevCursor) {
    return { page, after: undefined, before: from.prevCursor };
  }
  return { page, after: undefined, before: undefined };
}

export type ListControllerProps<Row extends ListRow> = {
  declaration: ListDeclaration<Row>;
  /** The list's state as the URL holds it. */
  search: ListSearch;
  /** A per-user list shows only this user's items. */
  userId?: string;
  /** Writes a new list state to the URL. */
  onSearchChange: (update: (previous: ListSearch) => ListSearch) => void;
};

/** The rows' first render, before the deferred one: the screen shows them as loading. */
const NOT_YET_SHOWN: never[] = [];

/**
 * Everything a list screen decides, without rendering (STYLE rule 18): the URL state and how it
 * changes, the query and its counts, the selection of the page and the actions it allows, and the
 * action runner (core/actions) shared with the detail pages. A refused load is the
 * query cache's to handle (SPEC §6); any other failure is `loadError`, with `retry`.
 */
export function useListController<Row extends ListRow>({
  declaration,
  search,
  userId,
  onSearchChange,
}: ListControllerProps<Row>) {
  const { module, list } = AREAS[declaration.area];
  const meQuery = useQuery(meQueryOptions());
  const me = meQuery.data;
  const canRead = canMe(me, module, 'read');

  const listOptions = listQueryOptions<Row>(declaration, search, userId);
  const listQuery = useQuery({ ...listOptions, enabled: canRead });

  const [selected, setSelected] = useState<Row[]>([]);
  const queryKeyText = JSON.stringify(listOptions.queryKey);
  // A new page or filter is a new set of rows: the selection does not carry over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key text is the trigger
  useEffect(() => setSelected([]), [queryKeyText]);

  // Every change clears the selection: its rows were read before the change, with their old statuses.
  const runner = useActionRunner<Row>({
    area: declaration.area,
    rowName: declaration.rowName,
    onFinished: () => setSelected([]),
  });

  const updateSearch = (patch: Partial<ListSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...patch }));

  const data = listQuery.data;
  // The rows render after the rest of the screen, in a transition the browser may interrupt: a
  // page of rows is the longest piece of rendering on a phone's first load, and in one task it
  // would hold up input.
  const shownRows = useDeferredValue(data?.rows, NOT_YET_SHOWN);
  // The page on screen (not the one kept while the next loads) gives the cursors of its neighbours.
  const shownPage = listQuery.isPlaceholderData ? undefined : data;
  // A refused load is the query cache's: it has already sent the admin away (SPEC §6).
  const loadError = listQuery.isError && !isRefusal(listQuery.error) ? listQuery.error : null;

  return {
    isMeLoading: meQuery.isPending,
    canRead,
    canWrite: canMe(me, module, 'write'),
    /** The city filter's options are the cities list: shown to those who may read it. */
    canFilterByCity: Boolean(declaration.filters?.city) && canMe(me, 'cityManagement', 'read'),
    pageSize: list.pageSize,
    page: search.page ?? 1,
    rows: shownRows ?? [],
    searchcount: data?.searchcount ?? 0,
    counts: data?.counts,
    countKind: data?.countKind ?? 'exact',
    isLoading: listQuery.isPending || shownRows === NOT_YET_SHOWN,
    isFetching: listQuery.isFetching,
    loadError,
    retry: () => void listQuery.refetch(),

    /** The actions this admin may take on a row: shown for its status, allowed by the module's flags. */
    allowedActions: (row: Row): RowAction<Row>[] =>
      allowedActions(declaration.actions, row, me, { module, isActionable: declaration.isActionable }),
    /** The confirm actions this admin may take on every selected row at once (the bulk bar). */
    bulkActions: actionsForAll(declaration.actions, selected, me, module),
    selected,
    setSelected,

    /** A filter changes the rows: back to the first page. */
    filterBy: (patch: Partial<ListSearch>) => updateSearch({ ...patch, ...FIRST_PAGE }),
    /** To a page, from the cursor of the page on screen where one leads there (see pageMove). */
    setPage: (page: number) =>
      updateSearch(
        pageMove(
          {
            page: search.page ?? 1,
            pageCount: pageCount(data?.searchcount ?? 0, list.pageSize),
            isCountExact: data?.countKind === 'exact',
            nextCursor: shownPage?.nextCursor ?? null,
            prevCursor: shownPage?.prevCursor ?? null,
          },
          page,
        ),
      ),
    /** The order in the URL (none: newest first). A new order starts again from page 1, filters kept. */
    sort: search.sort,
    sortBy: (sort: ListSearch['sort']) => updateSearch({ sort, ...FIRST_PAGE }),
    /** A sortable header: its key ascending, or reversed when the list is already ordered by it. */
    toggleSort: (key: string) => updateSearch({ sort: nextSort(search.sort, key), ...FIRST_PAGE }),
    /** Nothing matches, and filters narrowed the list: the screen offers to clear them. */
    isEmptyWithFilters: !listQuery.isPending && (data?.rows.length ?? 0) === 0 && !isDefaultView(search),
    /** Search, dates, city and type cleared; the tile and the order stay. */
    clearFilters: () => onSearchChange((previous) => ({ status: previous.status, sort: previous.sort })),
    /** SPEC §4: a tile resets search, dates, city and paging (the order is no filter: it stays). */
    selectStatus: (status: RecordStatus | undefined) =>
      onSearchChange((previous) => ({ status, sort: previous.sort })),

    /** The chosen action, its dialog and its run: the one runner the detail pages use too. */
    runner,
    clearSelection: () => setSelected([]),
    isSelected: (row: Row) => isChosen(selected, row),
    /** A card's checkbox (the table has its own). */
    toggleSelected: (row: Row) => setSelected((previous) => toggleChosen(previous, row)),
  };
}

export type ListController<Row extends ListRow> = ReturnType<typeof useListController<Row>>;
