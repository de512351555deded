import { ComboboxChevron } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { FieldOnDemand } from '../../../components/field-on-demand';
import { lazyModule } from '../../../lib/lazy-module';
import { detailQueryOptions } from '../../details/detail-query';

// The searchable select and the kit's combobox under it: a list paints without them.
const citySelect = lazyModule(() => import('../../forms/city-select'));

type CityFilterProps = {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
};

/**
 * The lists' city filter: the searchable city select once its code is here, a stand-in until then.
 * The chosen city's name is read from its record, which the select then finds in its cache.
 */
export function CityFilter({ value, onChange }: CityFilterProps) {
  const city = useQuery({ ...detailQueryOptions('cities', value ?? ''), enabled: Boolean(value) });
  return (
    <FieldOnDemand
      module={citySelect}
      label="City"
      text={value ? (city.data?.name ?? '') : undefined}
      placeholder="All cities"
      w={{ base: '100%', sm: 180 }}
      onClear={() => onChange(undefined)}
      rightSection={<ComboboxChevron />}
    >
      {({ CitySelect }, ref) => (
        <CitySelect ref={ref as RefObject<HTMLInputElement | null>} value={value} onChange={onChange} />
      )}
    </FieldOnDemand>
  );
}
