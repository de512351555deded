import { ActionIcon, Alert, Button, Checkbox, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { AREAS } from '@roam/contract/areas';
import { MESSAGES } from '@roam/contract/messages';
import { IconArrowLeft, IconLock, IconPlus } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { TryAgainAlert } from '../../../components/try-again-alert';
import { ActionDialogs } from '../../actions/action-dialogs';
import { DownloadMenu } from '../../downloads/download-menu';
import { downloadFiltersOf } from '../../downloads/downloads';
import type { TablePaging } from '../../tables/responsive-table';
import type { ListRow } from '../list-declaration';
import { formatCount } from '../list-query';
import { listApiQuery } from '../list-request';
import { sortOptions } from '../list-sort';
import { type ListController, type ListControllerProps, useListController } from '../use-list-controller';
import { BulkBar } from './bulk-bar';
import { CardGrid } from './card-grid';
import { CityFilter } from './city-filter';
import { DateRangeFilter } from './date-range-filter';
import { DetailsModal } from './details-modal';
import { ListTable } from './list-table';
import { RowMenu } from './row-menu';
import { SearchBox } from './search-box';
import { SortSelect } from './sort-select';
import { StatusTiles } from './status-tiles';

type ListPageProps<Row extends ListRow> = ListControllerProps<Row> & {
  /** The page's title ('Cafe', or a per-user list's 'Users cafe'). */
  title: string;
};

/**
 * The one list screen (DESIGN §1): status tiles, search, dates, city, the table or cards with
 * paging and selection, the bulk bar while rows are selected, the row menu, and the dialogs of the chosen action. What it shows and does is decided by
 * `useListController`; this only renders it.
 */
export function ListPage<Row extends ListRow>({ title, ...props }: ListPageProps<Row>) {
  const { declaration, search, userId } = props;
  const list = useListController(props);
  const router = useRouter();
  const [detailsRow, setDetailsRow] = useState<Row | null>(null);
  const [isCreating, setCreating] = useState(false);

  // A per-user list (/user-cafe/{userId}) has a way back to where it was opened.
  const back = userId ? (
    <ActionIcon variant="subtle" size="lg" aria-label="Back" onClick={() => router.history.back()}>
      <IconArrowLeft aria-hidden />
    </ActionIcon>
  ) : null;

  if (list.isMeLoading) return <PageLoader />;
  if (!list.canRead) {
    return (
      <>
        <PageHeader title={title} leading={back} />
        <Alert color="red" variant="light" icon={<IconLock aria-hidden />}>
          {MESSAGES.noAccess}
        </Alert>
      </>
    );
  }

  /** The row's menu, or nothing when this admin has no action on it (a DELETED row, a reader). */
  const rowMenu = (row: Row): ReactNode => {
    const actions = list.allowedActions(row);
    if (actions.length === 0) return null;
    return (
      <RowMenu row={row} rowName={declaration.rowName(row)} actions={actions} onChoose={list.runner.choose} />
    );
  };
  const totalText = `Total Records Found: ${formatCount(list.searchcount, list.countKind)}`;
  // One paging footer, under the table or the cards.
  const paging: TablePaging = {
    page: list.page,
    pageSize: list.pageSize,
    total: list.searchcount,
    onPageChange: list.setPage,
    text: () => totalText,
  };
  const details = detailsRow && declaration.details;
  const download = (
    <DownloadMenu
      module={AREAS[declaration.area].module}
      selectedIds={list.selected.map((row) => row._id)}
      filters={downloadFiltersOf(listApiQuery(declaration, search, userId))}
      matching={list.searchcount}
      countKind={list.countKind}
    />
  );
  const create = list.canWrite ? declaration.create : undefined;

  return (
    <>
      <PageHeader
        title={title}
        leading={back}
        actions={
          create ? (
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
              {create.label}
            </Button>
          ) : null
        }
      />
      <StatusTiles
        selected={search.status}
        counts={list.counts}
        countKind={list.countKind}
        onSelect={list.selectStatus}
      />
      <Paper withBorder radius="md" p="md">
        <ListFilters declaration={declaration} list={list} search={search}>
          {list.selected.length === 0 ? download : null}
        </ListFilters>
        {list.selected.length > 0 ? (
          <BulkBar
            count={list.selected.length}
            actions={list.bulkActions}
            onChoose={(action) => list.runner.chooseForAll(action, list.selected)}
            onClear={list.clearSelection}
            download={download}
          />
        ) : null}
        {list.isEmptyWithFilters ? (
          <Group justify="center" gap="sm" mb="sm" role="status">
            <Text size="sm" c="dimmed">
              Nothing matches these filters.
            </Text>
            <Button variant="light" size="xs" onClick={list.clearFilters}>
              Clear filters
            </Button>
          </Group>
        ) : null}
        {list.loadError ? (
          <TryAgainAlert onRetry={list.retry} />
        ) : declaration.card ? (
          <CardGrid
            list={list}
            paging={paging}
            renderCard={(row) =>
              declaration.card?.({
                row,
                menu: rowMenu(row),
                select: (
                  <Checkbox
                    aria-label={`Select ${declaration.rowName(row)}`}
                    checked={list.isSelected(row)}
                    onChange={() => list.toggleSelected(row)}
                  />
                ),
              })
            }
          />
        ) : (
          <ListTable
            declaration={declaration}
            list={list}
            paging={paging}
            rowMenu={rowMenu}
            onOpenDetails={setDetailsRow}
          />
        )}
      </Paper>
      <ActionDialogs area={declaration.area} runner={list.runner} />
      {create && isCreating ? create.render({ onClose: () => setCreating(false) }) : null}
      {details && detailsRow ? (
        <DetailsModal
          title={details.title(detailsRow)}
          image={details.image?.(detailsRow)}
          fields={details.fields(detailsRow)}
          onClose={() => setDetailsRow(null)}
        />
      ) : null}
    </>
  );
}

type ListFiltersProps<Row extends ListRow> = Pick<ListPageProps<Row>, 'declaration' | 'search'> & {
  list: ListController<Row>;
  /** At the row's end: the Download menu while no row is selected (the bulk bar holds it then). */
  children: ReactNode;
};

/** Search, dates, the city and the area's own filters, the order (where no header sorts). */
function ListFilters<Row extends ListRow>({ declaration, list, search, children }: ListFiltersProps<Row>) {
  const { filters } = declaration;
  return (
    <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
      <SearchBox value={search.q} onSearch={(q) => list.filterBy({ q })} />
      <DateRangeFilter from={search.from} to={search.to} onChange={(range) => list.filterBy(range)} />
      {list.canFilterByCity ? (
        <CityFilter value={search.city} onChange={(city) => list.filterBy({ city })} />
      ) : null}
      {filters?.type ? (
        <NativeSelect
          label={filters.type.label}
          data={[{ value: '', label: 'All' }, ...filters.type.options]}
          value={search.type ?? ''}
          onChange={(event) => list.filterBy({ type: event.currentTarget.value || undefined })}
          w={{ base: '100%', sm: 140 }}
        />
      ) : null}
      <SortSelect
        options={sortOptions(declaration)}
        value={list.sort}
        onChange={list.sortBy}
        isAlwaysShown={Boolean(declaration.card)}
      />
      <Group gap="sm" ml="auto" wrap="nowrap">
        {children}
      </Group>
    </Group>
  );
}
