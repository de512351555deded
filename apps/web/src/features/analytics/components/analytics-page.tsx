import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import {
  Alert,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { DEFAULT_MAP_RANGE, MAP_RANGES, type MapRange } from '@roam/contract/analytics';
import type { AnalyticsCounts } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import {
  type Icon,
  IconBriefcase,
  IconBuildingStore,
  IconCoffee,
  IconHome,
  IconMapPin,
  IconUsers,
  IconUsersGroup,
  IconZoomIn,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { NOT_COUNTING_DELETED, StatCard } from '../../../components/stat-card';
import { isApiError } from '../../../lib/api-error';
import { activeUsersQueryOptions } from '../api/get-active-users';
import { allCountsQueryOptions } from '../api/get-all-counts';
import { ActionIconLink } from './action-icon-link';

// The map (react-simple-maps, world-atlas's TopoJSON and the country names) is a chunk of its own.
const ActiveUsersMap = lazy(() =>
  import('../map/active-users-map').then((module) => ({ default: module.ActiveUsersMap })),
);

const COUNTERS: readonly { key: keyof AnalyticsCounts; label: string; icon: Icon }[] = [
  { key: 'usercount', label: 'Users', icon: IconUsers },
  { key: 'shopcount', label: 'Shops', icon: IconBuildingStore },
  { key: 'rentalscount', label: 'Rentals', icon: IconHome },
  { key: 'jobscount', label: 'Jobs', icon: IconBriefcase },
  { key: 'groupcount', label: 'Groups', icon: IconUsersGroup },
  { key: 'citycount', label: 'Cities', icon: IconMapPin },
  { key: 'cafecount', label: 'Cafes', icon: IconCoffee },
];

const isMapRange = (value: string): value is MapRange => MAP_RANGES.some((range) => range.value === value);

/** Analytics (SPEC §2): the dashboard counters and the world map of active users. */
export function AnalyticsPage() {
  const countsQuery = useQuery(allCountsQueryOptions());

  return (
    <>
      <PageHeader title="Analytics" />
      {countsQuery.isError && !isApiError(countsQuery.error) ? (
        <Alert color="red" variant="light" role="alert" mb="md">
          {MESSAGES.somethingWrong}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
        {COUNTERS.map(({ key, label, icon: CounterIcon }) => (
          <StatCard
            key={key}
            label={label}
            value={countsQuery.data?.[key]}
            isLoading={countsQuery.isPending}
            icon={<CounterIcon size={24} stroke={1.6} />}
            // The counters leave deleted records out; a list's All tile counts them.
            note={NOT_COUNTING_DELETED}
          />
        ))}
      </SimpleGrid>
      <ActiveUsersSection />
    </>
  );
}

/** The map with its range selector and the way to the Active Users graph. */
function ActiveUsersSection() {
  const [range, setRange] = useState<MapRange>(DEFAULT_MAP_RANGE);
  const rangeSize = useMatches({ base: 'xs', xs: 'sm' });
  const mapQuery = useQuery(activeUsersQueryOptions(range));
  const placeholder = <Skeleton height={260} radius="md" role="status" aria-label="Loading the map" />;

  return (
    <Paper withBorder radius="md" p="md" mt="lg" component="section" aria-labelledby="active-users-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} size="h4" id="active-users-title">
              Active users by country
            </Title>
            <ActionIconLink
              to="/analytics/graph"
              variant="subtle"
              size="lg"
              aria-label="Open the Active Users graph"
              title="Active Users graph"
            >
              <IconZoomIn size={20} stroke={1.6} />
            </ActionIconLink>
          </Group>
          <SegmentedControl
            aria-label="Map range"
            // On a phone the three ranges fit the card only in the small size.
            size={rangeSize}
            value={range}
            onChange={(value) => {
              if (isMapRange(value)) setRange(value);
            }}
            data={MAP_RANGES.map(({ value, label }) => ({ value, label }))}
          />
        </Group>
        {mapQuery.isError ? (
          <Alert color="red" variant="light" role="alert">
            {MESSAGES.somethingWrong}
          </Alert>
        ) : mapQuery.data ? (
          <Suspense fallback={placeholder}>
            {mapQuery.data.activeusers.length === 0 ? (
              <Text c="dimmed" size="sm">
                {MESSAGES.noData}
              </Text>
            ) : null}
            <ActiveUsersMap answer={mapQuery.data} />
          </Suspense>
        ) : (
          placeholder
        )}
      </Stack>
    </Paper>
  );
}
