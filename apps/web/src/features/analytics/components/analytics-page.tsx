import { Alert, SimpleGrid } from '@mantine/core';
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
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header';
import { StatCard } from '../../../components/stat-card';
import { isApiError } from '../../../lib/api-error';
import { allCountsQueryOptions } from '../api/get-all-counts';

const COUNTERS: readonly { key: keyof AnalyticsCounts; label: string; icon: Icon }[] = [
  { key: 'usercount', label: 'Users', icon: IconUsers },
  { key: 'shopcount', label: 'Shops', icon: IconBuildingStore },
  { key: 'rentalscount', label: 'Rentals', icon: IconHome },
  { key: 'jobscount', label: 'Jobs', icon: IconBriefcase },
  { key: 'groupcount', label: 'Groups', icon: IconUsersGroup },
  { key: 'citycount', label: 'Cities', icon: IconMapPin },
  { key: 'cafecount', label: 'Cafes', icon: IconCoffee },
];

/** Analytics (SPEC §2): the dashboard counters. The map and the graph come in a later issue. */
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
          />
        ))}
      </SimpleGrid>
    </>
  );
}
