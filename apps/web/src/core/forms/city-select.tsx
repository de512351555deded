import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AREAS } from '@roam/contract/areas';
import { citySchema } from '@roam/contract/entities';
import { lazySchema } from '@roam/contract/lazy-schema';
import { useQuery } from '@tanstack/react-query';
import { type Ref, useMemo, useState } from 'react';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { areaQueryKeys } from '../area-query-keys';
import { detailQueryOptions } from '../details/detail-query';

const cityListSchema = lazySchema(() =>
  z.object({ cities: z.array(citySchema.pick({ _id: true, name: true })) }),
);
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

type CitySelectProps = {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** As a form field (a promo's city): its label, placeholder, error, busy state, full width. */
  field?: { label: string; placeholder: string; error?: string; disabled?: boolean };
  ref?: Ref<HTMLInputElement>;
};

/**
 * A searchable select of cities whose options come from the server as you type: the lists' city
 * filter (core/lists/components/city-filter.tsx), and a form's city. A chosen city not among the
 * options is named from its own record.
 */
export function CitySelect({ value, onChange, field, ref }: CitySelectProps) {
  const [searchValue, setSearchValue] = useState('');
  const [chosen, setChosen] = useState<CityOption | null>(null);
  const [term] = useDebouncedValue(searchValue.trim(), 300);
  const isTyping = term !== '' && term !== chosen?.label;
  const optionsQuery = useCityOptions(isTyping ? term : '');

  const options = optionsQuery.data ?? [];
  const isKnown = !value || chosen?.value === value || options.some((option) => option.value === value);
  const current = useQuery({ ...detailQueryOptions('cities', value ?? ''), enabled: !isKnown });
  const data = useMemo(() => {
    const own =
      chosen?.value === value
        ? chosen
        : current.data
          ? { value: current.data._id, label: current.data.name }
          : null;
    if (value && own && !options.some((option) => option.value === value)) return [own, ...options];
    return options;
  }, [options, value, chosen, current.data]);

  return (
    <Select
      ref={ref}
      label={field?.label ?? 'City'}
      placeholder={field?.placeholder ?? 'All cities'}
      error={field?.error}
      disabled={field?.disabled}
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
      w={field ? '100%' : { base: '100%', sm: 180 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
