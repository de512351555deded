import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AREAS } from '@roam/contract/areas';
import { citySchema } from '@roam/contract/entities';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { areaQueryKeys } from '../../area-query-keys';

const cityListSchema = z.object({ cities: z.array(citySchema.pick({ _id: true, name: true })) });
type CityOption = { value: string; label: string };

/** SPEC §9: 10 cities preloaded; typing asks for every match (limit=0, capped by the server). */
function useCityOptions(term: string) {
  return useQuery({
    queryKey: [...areaQueryKeys.lists('cities'), 'options', term],
    queryFn: async ({ signal }) => {
      const body = await apiRequest(`/admin${AREAS.cities.list.path}`, {
        query: term ? { limit: 0, searchphrase: term, status: 'ACTIVE' } : { limit: 10, status: 'ACTIVE' },
        accessType: AREAS.cities.module,
        schema: cityListSchema,
        signal,
      });
      return body.cities.map((city): CityOption => ({ value: city._id, label: city.name }));
    },
    staleTime: 5 * 60 * 1000,
  });
}

type CitySelectProps = { value: string | undefined; onChange: (value: string | undefined) => void };

/** The list's city filter: a searchable select whose options come from the server as you type. */
export function CitySelect({ value, onChange }: CitySelectProps) {
  const [searchValue, setSearchValue] = useState('');
  const [chosen, setChosen] = useState<CityOption | null>(null);
  const [term] = useDebouncedValue(searchValue.trim(), 300);
  const isTyping = term !== '' && term !== chosen?.label;
  const optionsQuery = useCityOptions(isTyping ? term : '');

  const data = useMemo(() => {
    const options = optionsQuery.data ?? [];
    if (value && chosen?.value === value && !options.some((option) => option.value === value)) {
      return [chosen, ...options];
    }
    return options;
  }, [optionsQuery.data, value, chosen]);

  return (
    <Select
      label="City"
      placeholder="All cities"
      data={data}
      value={value ?? null}
      onChange={(next, option) => {
        setChosen(next ? option : null);
        onChange(next ?? undefined);
      }}
      searchable
      searchValue={searchValue}
      onSearchChange={setSearchValue}
      filter={({ options }) => options}
      nothingFoundMessage={optionsQuery.isFetching ? 'Searching…' : 'No city found'}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear city' }}
      w={{ base: '100%', sm: 180 }}
    />
  );
}
