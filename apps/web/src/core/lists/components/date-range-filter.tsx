import { Group } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';

type DateRangeFilterProps = {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
};

const ISO_DAY = 'YYYY-MM-DD';

/**
 * From and To (SPEC §5): no future dates, From strictly before To; both clearable. Values are the
 * YYYY-MM-DD strings the API takes.
 */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const today = dayjs().format(ISO_DAY);
  const fromMax = to ? dayjs(to).subtract(1, 'day').format(ISO_DAY) : today;
  const toMin = from ? dayjs(from).add(1, 'day').format(ISO_DAY) : undefined;
  return (
    <Group gap="sm" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
      <DatePickerInput
        label="From"
        value={from ?? null}
        maxDate={fromMax}
        onChange={(value) => onChange({ from: value ?? undefined, to })}
        valueFormat="DD/MM/YYYY"
        clearable
        w={{ base: '100%', sm: 130 }}
      />
      <DatePickerInput
        label="To"
        value={to ?? null}
        minDate={toMin}
        maxDate={today}
        onChange={(value) => onChange({ from, to: value ?? undefined })}
        valueFormat="DD/MM/YYYY"
        clearable
        w={{ base: '100%', sm: 130 }}
      />
    </Group>
  );
}
