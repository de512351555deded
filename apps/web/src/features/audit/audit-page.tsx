import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import {
  ActionIcon,
  Alert,
  Badge,
  Code,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { AREA_NAMES, AREAS } from '@roam/contract/areas';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditEntry, type AuditSearch } from '@roam/contract/audit';
import { countKindOf } from '@roam/contract/lists';
import { MESSAGES } from '@roam/contract/messages';
import { IconHistory, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { TryAgainAlert } from '../../components/try-again-alert';
import { DateRangeFilter } from '../../core/lists/components/date-range-filter';
import { SearchBox } from '../../core/lists/components/search-box';
import { formatCount } from '../../core/lists/list-query';
import { ResponsiveTable, type TableColumn } from '../../core/tables/responsive-table';
import { formatDateTime } from '../../lib/format-date';
import { meQueryOptions } from '../../lib/me';
import { paginationControlProps, paginationItemProps } from '../../lib/pagination-labels';
import { auditQueryOptions } from './audit-query';

export type AuditPageProps = {
  search: AuditSearch;
  onSearchChange: (update: (previous: AuditSearch) => AuditSearch) => void;
};

const AREA_OPTIONS = AREA_NAMES.map((name) => ({ value: name, label: AREAS[name].labels.nav }));
const areaLabel = (entity: string) => AREA_OPTIONS.find((option) => option.value === entity)?.label ?? entity;

/** An entry: when, who, what (beside it on a card), in which area, on which record. */
const AUDIT_COLUMNS: readonly TableColumn<AuditEntry>[] = [
  { accessor: 'createdAt', title: 'When', minWidth: 160, render: (entry) => formatDateTime(entry.createdAt) },
  {
    accessor: 'actor',
    title: 'Who',
    render: (entry) => entry.actor?.username || entry.actor?.userID || 'System',
  },
  {
    accessor: 'action',
    title: 'Action',
    isStatus: true,
    render: (entry) => (
      <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0, minWidth: 'max-content' }}>
        {entry.action}
      </Badge>
    ),
  },
  { accessor: 'entity', title: 'Area', priority: 2, render: (entry) => areaLabel(entry.entity) },
  {
    accessor: 'entityId',
    title: 'Record',
    priority: 3,
    minWidth: 150,
    render: (entry) => (
      <Text size="xs" ff="monospace" truncate maw={140} title={entry.entityId ?? undefined}>
        {entry.entityId ?? MESSAGES.notAvailableShort}
      </Text>
    ),
  },
];

/**
 * The audit log (DESIGN §8), for admins: every write anyone made, newest first, with who, what,
 * which record and when; searchable, filtered by dates, area and action, kept in the URL; each
 * entry opens its values before and after.
 */
export default function AuditPage({ search, onSearchChange }: AuditPageProps) {
  const meQuery = useQuery(meQueryOptions());
  const isAdmin = meQuery.data?.role_type === 'admin';
  const auditQuery = useQuery({ ...auditQueryOptions(search), enabled: isAdmin });
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const filterBy = (patch: Partial<AuditSearch>) =>
    onSearchChange((previous) => ({ ...previous, ...patch, page: undefined }));

  if (meQuery.isPending) return <PageLoader />;
  if (!isAdmin) {
    return (
      <>
        <PageHeader title="Audit log" />
        <Alert color="red" variant="light" icon={<IconLock aria-hidden />}>
          {MESSAGES.noAccess}
        </Alert>
      </>
    );
  }
  const data = auditQuery.data;
  const pages = Math.max(1, Math.ceil((data?.searchcount ?? 0) / AUDIT_PAGE_SIZE));
  return (
    <>
      <PageHeader title="Audit log" />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-end" mb="md" wrap="wrap">
          <SearchBox value={search.q} onSearch={(q) => filterBy({ q })} />
          <DateRangeFilter from={search.from} to={search.to} onChange={(range) => filterBy(range)} />
          <Select
            label="Area"
            placeholder="All areas"
            data={AREA_OPTIONS}
            value={search.entity ?? null}
            onChange={(entity) => filterBy({ entity: entity ?? undefined })}
            clearable
            w={{ base: '100%', sm: 170 }}
          />
          <Select
            label="Action"
            placeholder="All actions"
            data={[...AUDIT_ACTIONS]}
            value={search.action ?? null}
            onChange={(action) => filterBy({ action: action ?? undefined })}
            clearable
            w={{ base: '100%', sm: 170 }}
          />
        </Group>
        {auditQuery.isError ? (
          <TryAgainAlert onRetry={() => void auditQuery.refetch()} />
        ) : !data ? (
          <PageLoader />
        ) : data.entries.length === 0 ? (
          <Text ta="center" c="dimmed" py="lg">
            {MESSAGES.noData}
          </Text>
        ) : (
          <ResponsiveTable<AuditEntry>
            label="Audit log"
            rows={data.entries}
            columns={AUDIT_COLUMNS}
            // An icon, as the lists' row menu: the row's last column is narrow (a worded button
            // pushed the table past its card beside the open navigation).
            menu={(entry) => (
              <Tooltip label="View changes">
                <ActionIcon variant="subtle" aria-label="View changes" onClick={() => setOpen(entry)}>
                  <IconHistory size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
            isFetching={auditQuery.isFetching}
            empty={MESSAGES.noData}
          />
        )}
        <Group justify="space-between" mt="md">
          <Text size="sm">
            Total Records Found: {data ? formatCount(data.searchcount, countKindOf(data)) : '…'}
          </Text>
          <Pagination
            total={pages}
            value={search.page ?? 1}
            onChange={(page) =>
              onSearchChange((previous) => ({ ...previous, page: page > 1 ? page : undefined }))
            }
            size="sm"
            getItemProps={paginationItemProps}
            getControlProps={paginationControlProps}
          />
        </Group>
      </Paper>
      {open ? <ChangesModal entry={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/** An entry's values before and after, field by field; a changed field is marked. */
function ChangesModal({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const before = asRecord(entry.before);
  const after = asRecord(entry.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <Modal opened onClose={onClose} title={`${entry.action} · ${areaLabel(entry.entity)}`} size="lg" centered>
      <Text size="sm" c="dimmed" mb="sm">
        {formatDateTime(entry.createdAt)} by {entry.actor?.username || 'System'}
      </Text>
      {keys.length === 0 ? (
        <Text c="dimmed">No values were recorded for this change.</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Before</Table.Th>
                <Table.Th>After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => {
                const isChanged = JSON.stringify(before[key]) !== JSON.stringify(after[key]);
                return (
                  <Table.Tr key={key} bg={isChanged ? 'var(--mantine-color-yellow-light)' : undefined}>
                    <Table.Td fw={isChanged ? 600 : undefined}>{key}</Table.Td>
                    <Table.Td>
                      <Value value={before[key]} />
                    </Table.Td>
                    <Table.Td>
                      <Value value={after[key]} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}

function Value({ value }: { value: unknown }) {
  if (value === undefined) return <Text c="dimmed">—</Text>;
  if (value === '' || value === null) return <Text c="dimmed">(empty)</Text>;
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 160, overflow: 'auto' }}>
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </Code>
  );
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : {};
}
