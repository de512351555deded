import { Group } from '@mantine/core';
import type { RefObject } from 'react';
import { FieldOnDemand } from '../../../components/field-on-demand';
import { calendarDay, formatDate, shiftCalendarDay } from '../../../lib/format-date';
import { lazyModule } from '../../../lib/lazy-module';

type DateRangeFilterProps = {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
};

const SHOWN_DAY = 'DD/MM/YYYY';
const WIDTH = { base: '100%', sm: 130 };

// The calendar (the UI kit's date package) is a file of its own: a list screen paints without it.
const datePicker = lazyModule(() => import('../../../components/date-picker'));

type DateFieldProps = {
  label: string;
  value: string | undefined;
  minDate?: string;
  maxDate?: string;
  onChange: (value: string | undefined) => void;
};

/** One date: the kit's date picker once its code is here, a stand-in until then. */
function DateField({ label, value, minDate, maxDate, onChange }: DateFieldProps) {
  return (
    <FieldOnDemand
      module={datePicker}
      label={label}
      text={value ? formatDate(value) : undefined}
      w={WIDTH}
      onClear={() => onChange(undefined)}
    >
      {({ DatePickerInput }, ref) => (
        <DatePickerInput
          ref={ref as RefObject<HTMLButtonElement | null>}
          label={label}
          value={value ?? null}
          minDate={minDate}
          maxDate={maxDate}
          onChange={(next) => onChange((next as string | null) ?? undefined)}
          valueFormat={SHOWN_DAY}
          clearable
          w={WIDTH}
        />
      )}
    </FieldOnDemand>
  );
}

/**
 * From and To (SPEC §5): no future dates, From strictly before To; both clearable. Values are the
 * YYYY-MM-DD strings the API takes.
 */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const today = calendarDay(new Date());
  const fromMax = to ? shiftCalendarDay(to, -1) : today;
  const toMin = from ? shiftCalendarDay(from, 1) : undefined;
  return (
    <Group gap="sm" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
      <DateField
        label="From"
        value={from}
        maxDate={fromMax}
        onChange={(value) => onChange({ from: value, to })}
      />
      <DateField
        label="To"
        value={to}
        minDate={toMin}
        maxDate={today}
        onChange={(value) => onChange({ from, to: value })}
      />
    </Group>
  );
}
