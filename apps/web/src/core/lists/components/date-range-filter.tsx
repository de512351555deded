import { Group, Input, InputBase } from '@mantine/core';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useWhenIdle } from '../../../lib/use-when-idle';
import classes from './date-range-filter.module.css';

type DateRangeFilterProps = {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
};

const ISO_DAY = 'YYYY-MM-DD';
const SHOWN_DAY = 'DD/MM/YYYY';
const WIDTH = { base: '100%', sm: 130 };

// The calendar (the UI kit's date package) is a file of its own: a list screen paints without it.
type DatePicker = typeof import('../../../components/date-picker');
let loadedPicker: DatePicker | undefined;
let pickerLoad: Promise<DatePicker> | undefined;
function loadPicker(): Promise<DatePicker> {
  pickerLoad ??= import('../../../components/date-picker').then(
    (picker) => {
      loadedPicker = picker;
      return picker;
    },
    (error: unknown) => {
      // Not here this time (a dropped connection): the next idle moment or reach asks again.
      pickerLoad = undefined;
      throw error;
    },
  );
  return pickerLoad;
}

/** What the picker does on taking over from its stand-in: what the admin was doing with it. */
type HandOver = 'none' | 'focus' | 'open';

type DateFieldProps = {
  label: string;
  value: string | undefined;
  minDate?: string;
  maxDate?: string;
  onChange: (value: string | undefined) => void;
};

/**
 * One date: the kit's date picker once its code is here, and until then a button that looks the
 * same. The code is asked for when the browser is idle, or at once when the admin points at, focuses
 * or presses the field; the picker then takes the focus, and opens if the field was pressed.
 */
function DateField(props: DateFieldProps) {
  const { label, value, onChange } = props;
  const [picker, setPicker] = useState(loadedPicker);
  const [handOver, setHandOver] = useState<HandOver>('none');
  const isIdle = useWhenIdle();
  const load = useCallback(() => {
    // A failed load leaves the stand-in, which asks again when reached for.
    loadPicker().then(setPicker, () => {});
  }, []);
  useEffect(() => {
    if (isIdle) load();
  }, [isIdle, load]);

  if (picker) return <LoadedDateField {...props} Picker={picker.DatePickerInput} handOver={handOver} />;
  return (
    <InputBase
      component="button"
      type="button"
      label={label}
      multiline
      classNames={{ input: classes.standIn }}
      w={WIDTH}
      onPointerEnter={load}
      onFocus={() => {
        setHandOver('focus');
        load();
      }}
      onBlur={() => setHandOver('none')}
      onClick={() => {
        setHandOver('open');
        load();
      }}
      rightSection={value ? <Input.ClearButton onClick={() => onChange(undefined)} /> : undefined}
    >
      {value ? dayjs(value).format(SHOWN_DAY) : null}
    </InputBase>
  );
}

/** The kit's date picker, taking over from its stand-in: focused, or opened, as the admin left it. */
function LoadedDateField({
  label,
  value,
  minDate,
  maxDate,
  onChange,
  Picker,
  handOver,
}: DateFieldProps & { Picker: DatePicker['DatePickerInput']; handOver: HandOver }) {
  const input = useRef<HTMLButtonElement>(null);
  const firstHandOver = useRef(handOver);
  useEffect(() => {
    if (firstHandOver.current === 'open') input.current?.click();
    if (firstHandOver.current !== 'none') input.current?.focus();
  }, []);
  return (
    <Picker
      ref={input}
      label={label}
      value={value ?? null}
      minDate={minDate}
      maxDate={maxDate}
      onChange={(next) => onChange((next as string | null) ?? undefined)}
      valueFormat={SHOWN_DAY}
      clearable
      w={WIDTH}
    />
  );
}

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
