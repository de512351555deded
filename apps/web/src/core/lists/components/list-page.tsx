import 'mantine-datatable/styles.css';
import '@mantine/dates/styles.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { LIST_ENDPOINTS } from '@roam/contract/endpoints';
import { AREA_MODULES } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import type { RecordStatus } from '@roam/contract/status';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { StatusBadge } from '../../../components/status-badge';
import { actionFailureMessage } from '../../../lib/action-failure';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { canMe, meQueryOptions } from '../../../lib/me';
import { notify } from '../../../lib/notify';
import { paginationControlProps, paginationItemProps } from '../../../lib/pagination-labels';
import { useAccessFailure } from '../../../lib/use-access-failure';
import type {
  ActionRequest,
  ConfirmAction,
  ListDeclaration,
  ListRow,
  PopupAction,
  RowAction,
} from '../list-declaration';
import { formatCount, listQueryOptions, listQueryRoot } from '../list-query';
import type { ListSearch } from '../list-search';
import { CitySelect } from './city-select';
import { DateRangeFilter } from './date-range-filter';
import { DetailsModal } from './details-modal';
import { RowMenu } from './row-menu';
import { SearchBox } from './search-box';
import { StatusTiles } from './status-tiles';

type ListPageProps<Row extends ListRow> = {
  declaration: ListDeclaration<Row>;
  /** The page's title ('Cafe', or a per-user list's 'Users cafe'). */
  title: string;
  /** The list's state as the URL holds it (the route validates it). */
  search: ListSearch;
  /** A per-user list (/user-cafe/{userId}) shows only that user's items and a back control. */
  userId?: string;
  /** Writes a new list state to the URL. */
  onSearchChange: (update: (previous: ListSearch) => ListSearch) => void;
};

type Pending<Row> = { action: RowAction<Row>; row: Row } | null;

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * The one list screen (DESIGN §1): status tiles, search, dates, city, paging, selection and the
 * row menu with its confirm dialog, all driven by an area's declaration. Filters, tile and page
 * live in the URL.
 */
export function ListPage<Row extends ListRow>({
  declaration,
  title,
  search,
  userId,
  onSearchChange,
}: ListPageProps<Row>) {
  const module = AREA_MODULES[declaration.area];
  const { pageSize } = LIST_ENDPOINTS[declaration.area];
  const router = useRouter();
  const queryClient = useQueryClient();
  const meQuery = useQuery(meQueryOptions());
  const me = meQuery.data;
  const canRead = canMe(me, module, 'read');

  const listOptions = listQueryOptions(declaration, search, userId);
  const listQuery = useQuery({ ...listOptions, enabled: canRead });
  useAccessFailure(listQuery.error);

  const [selected, setSelected] = useState<Row[]>([]);
  const [pending, setPending] = useState<Pending<Row>>(null);
  const [detailsRow, setDetailsRow] = useState<Row | null>(null);
  const queryKeyText = JSON.stringify(listOptions.queryKey);
  // A new page or filter is a new set of rows: the selection does not carry over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key text is the trigger
  useEffect(() => setSelected([]), [queryKeyText]);

  const mutation = useMutation({
    mutationFn: (request: ActionRequest) =>
      apiRequest(request.path, {
        method: request.method,
        query: request.query,
        json: request.json,
        accessType: module,
      }),
  });

  const page = search.page ?? 1;
  const rows = listQuery.data?.rows ?? [];
  const searchcount = listQuery.data?.searchcount ?? 0;

  const updateSearch = (patch: Partial<ListSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...patch }));
  const filterBy = (patch: Partial<ListSearch>) => updateSearch({ ...patch, page: undefined });
  // SPEC §4: a tile resets search, dates, city and paging.
  const selectStatus = (status: RecordStatus | undefined) => onSearchChange(() => ({ status }));

  const allowedActions = (row: Row): RowAction<Row>[] =>
    declaration.actions.filter((action) => action.isShown(row) && canMe(me, module, action.permission));

  /** The row's menu, or nothing when this admin has no action on it (a DELETED row, a reader). */
  const rowMenu = (row: Row): ReactNode => {
    const actions = allowedActions(row);
    if (actions.length === 0) return null;
    return (
      <RowMenu
        row={row}
        rowName={declaration.rowName(row)}
        actions={actions}
        onChoose={(action, chosen) => setPending({ action, row: chosen })}
      />
    );
  };

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: listQueryRoot(declaration.area) }),
      queryClient.invalidateQueries({ queryKey: [declaration.area] }),
      queryClient.invalidateQueries({ queryKey: ['analytics'] }),
    ]);
  };

  const runConfirmed = async (action: ConfirmAction<Row>, row: Row) => {
    try {
      await mutation.mutateAsync(action.request(row));
      notify('success', action.successMessage);
      setPending(null);
      await refresh();
    } catch (error) {
      // A 403 has already shown the Unauthorized Access popup.
      if (isApiError(error) && error.isHandled) setPending(null);
      else notify('error', actionFailureMessage(error));
    }
  };

  const columns = ((): DataTableColumn<Row>[] => {
    const skip = (page - 1) * pageSize;
    const [first, ...rest] = declaration.columns;
    // A blank cell, plain or rendered, says N/A (SPEC §8).
    const render = (column: (typeof declaration.columns)[number]) => (row: Row) => {
      const value = column.render ? column.render(row) : (row as Record<string, unknown>)[column.accessor];
      return isBlank(value)
        ? MESSAGES.notAvailableShort
        : column.render
          ? (value as ReactNode)
          : String(value);
    };
    const toColumn = (
      column: (typeof declaration.columns)[number],
      cell = render(column),
    ): DataTableColumn<Row> => ({
      accessor: column.accessor,
      title: column.title,
      render: cell,
      visibleMediaQuery: column.visibleFrom
        ? (theme) => `(min-width: ${theme.breakpoints[column.visibleFrom ?? 'sm']})`
        : undefined,
    });
    const firstColumn: DataTableColumn<Row>[] = first
      ? [
          toColumn(
            first,
            declaration.details
              ? (row) => (
                  <Anchor
                    component="button"
                    type="button"
                    fz="sm"
                    ta="left"
                    onClick={() => setDetailsRow(row)}
                  >
                    {render(first)(row)}
                  </Anchor>
                )
              : render(first),
          ),
        ]
      : [];
    return [
      { accessor: 'index', title: '#', width: 56, render: (_row, index) => skip + index + 1 },
      ...firstColumn,
      ...rest.map((column) => toColumn(column)),
      {
        accessor: 'status',
        title: 'Status',
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
  })();

  const back = userId ? (
    <ActionIcon variant="subtle" size="lg" aria-label="Back" onClick={() => router.history.back()}>
      <IconArrowLeft aria-hidden />
    </ActionIcon>
  ) : null;

  if (meQuery.isPending) return <PageLoader />;
  if (!canRead) {
    return (
      <>
        <PageHeader title={title} leading={back} />
        <Alert color="red" variant="light" icon={<IconLock aria-hidden />}>
          {MESSAGES.noAccess}
        </Alert>
      </>
    );
  }

  const totalText = `Total Records Found: ${formatCount(searchcount, listQuery.data?.isCapped ?? false)}`;
  const pendingConfirm =
    pending?.action.kind === 'confirm' ? (pending as { action: ConfirmAction<Row>; row: Row }) : null;
  const pendingPopup =
    pending?.action.kind === 'popup' ? (pending as { action: PopupAction<Row>; row: Row }) : null;
  const details = detailsRow && declaration.details;
  const { filters } = declaration;

  return (
    <>
      <PageHeader title={title} leading={back} />
      <StatusTiles
        selected={search.status}
        counts={listQuery.data?.counts}
        isCapped={listQuery.data?.isCapped}
        onSelect={selectStatus}
      />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
          <SearchBox value={search.q} onSearch={(q) => filterBy({ q })} />
          <DateRangeFilter from={search.from} to={search.to} onChange={(range) => filterBy(range)} />
          {filters?.city ? <CitySelect value={search.city} onChange={(city) => filterBy({ city })} /> : null}
          {filters?.type ? (
            <Select
              label={filters.type.label}
              placeholder="All"
              data={filters.type.options}
              value={search.type ?? null}
              onChange={(type) => filterBy({ type: type ?? undefined })}
              clearable
              clearButtonProps={{ 'aria-label': `Clear ${filters.type.label.toLowerCase()}` }}
              w={{ base: '100%', sm: 140 }}
            />
          ) : null}
          {selected.length > 0 ? (
            <Text size="sm" c="dimmed" ml="auto" aria-live="polite">
              {selected.length} selected
            </Text>
          ) : null}
        </Group>
        {declaration.card ? (
          <CardGrid
            rows={rows}
            isLoading={listQuery.isPending}
            renderCard={(row) => (
              <div key={row._id}>
                {declaration.card?.({
                  row,
                  menu: rowMenu(row),
                })}
              </div>
            )}
            footer={
              <Group justify="space-between" mt="md" wrap="wrap">
                <Text size="sm">{totalText}</Text>
                <Pagination
                  total={Math.max(1, Math.ceil(searchcount / pageSize))}
                  value={page}
                  onChange={(next) => updateSearch({ page: next > 1 ? next : undefined })}
                  size="sm"
                  getControlProps={paginationControlProps}
                  getItemProps={paginationItemProps}
                />
              </Group>
            }
          />
        ) : (
          <DataTable<Row>
            idAccessor="_id"
            records={rows}
            columns={columns}
            fetching={listQuery.isFetching}
            minHeight={rows.length === 0 ? 200 : undefined}
            noRecordsText={MESSAGES.noData}
            highlightOnHover
            verticalSpacing="sm"
            selectedRecords={selected}
            onSelectedRecordsChange={setSelected}
            allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select all rows on this page' }}
            getRecordSelectionCheckboxProps={(row) => ({
              'aria-label': `Select ${declaration.rowName(row)}`,
            })}
            totalRecords={searchcount}
            recordsPerPage={pageSize}
            page={page}
            onPageChange={(next) => updateSearch({ page: next > 1 ? next : undefined })}
            paginationText={() => totalText}
            getPaginationControlProps={paginationControlProps}
            getPaginationItemProps={paginationItemProps}
          />
        )}
      </Paper>
      <ConfirmDialog
        action={pendingConfirm?.action.label ?? null}
        page={declaration.noun}
        isBusy={mutation.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pendingConfirm && void runConfirmed(pendingConfirm.action, pendingConfirm.row)}
      />
      {pendingPopup
        ? pendingPopup.action.render({
            row: pendingPopup.row,
            onClose: () => setPending(null),
            onDone: () => {
              setPending(null);
              void refresh();
            },
          })
        : null}
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

type CardGridProps<Row extends ListRow> = {
  rows: Row[];
  isLoading: boolean;
  renderCard: (row: Row) => ReactNode;
  footer: ReactNode;
};

function CardGrid<Row extends ListRow>({ rows, isLoading, renderCard, footer }: CardGridProps<Row>) {
  if (isLoading) return <PageLoader />;
  return (
    <>
      {rows.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          {MESSAGES.noData}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {rows.map(renderCard)}
        </SimpleGrid>
      )}
      {footer}
    </>
  );
}
