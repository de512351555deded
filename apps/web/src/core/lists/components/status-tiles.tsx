import { Paper, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { CountKind } from '@roam/contract/lists';
import { type RecordStatus, STATUS_COLORS } from '@roam/contract/status';
import { readableTextColor } from '../../../components/status-badge';
import { formatCount, type ListPage } from '../list-query';

const TILES: readonly {
  status: RecordStatus | undefined;
  label: string;
  count: keyof ListPage<unknown>['counts'];
  color: string;
}[] = [
  { status: undefined, label: 'All', count: 'all', color: 'blue' },
  { status: 'ACTIVE', label: 'Active', count: 'active', color: STATUS_COLORS.ACTIVE },
  { status: 'INACTIVE', label: 'Inactive', count: 'inactive', color: STATUS_COLORS.INACTIVE },
  { status: 'DELETED', label: 'Deleted', count: 'deleted', color: STATUS_COLORS.DELETED },
];

type StatusTilesProps = {
  selected: RecordStatus | undefined;
  counts: ListPage<unknown>['counts'] | undefined;
  /** Whether the counts are exact, lower bounds or estimates. */
  countKind?: CountKind;
  onSelect: (status: RecordStatus | undefined) => void;
};

/** The status tiles (SPEC §4): counts under every filter but status; clicking one filters by it. */
export function StatusTiles({ selected, counts, countKind = 'exact', onSelect }: StatusTilesProps) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="md" role="group" aria-label="Status">
      {TILES.map((tile) => {
        const isSelected = tile.status === selected;
        const borderColor = `var(--mantine-color-${tile.color}-${isSelected ? 6 : 2})`;
        return (
          <UnstyledButton
            key={tile.label}
            aria-pressed={isSelected}
            onClick={() => onSelect(tile.status)}
            data-status-tile={tile.label}
          >
            <Paper
              withBorder
              radius="md"
              p="sm"
              bg={isSelected ? `var(--mantine-color-${tile.color}-light)` : undefined}
              style={{
                borderColor,
                borderTopWidth: isSelected ? 2 : 1,
                borderRightWidth: isSelected ? 2 : 1,
                borderBottomWidth: isSelected ? 2 : 1,
                borderLeftWidth: 4,
              }}
            >
              <Text size="sm" fw={600} c={isSelected ? readableTextColor(tile.color) : 'dimmed'}>
                {tile.label}
              </Text>
              {counts ? (
                <Text fz={24} fw={700} lh={1.3}>
                  {formatCount(counts[tile.count], countKind)}
                </Text>
              ) : (
                <Skeleton height={28} width={60} mt={4} />
              )}
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
