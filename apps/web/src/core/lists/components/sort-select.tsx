import { NativeSelect } from '@mantine/core';

type SortSelectProps = {
  options: { value: string; label: string }[];
  /** The order in the URL; none is newest first. */
  value: string | undefined;
  onChange: (sort: string | undefined) => void;
  /** Shown on every screen (a list of cards has no headers to click), else only below `sm`. */
  isAlwaysShown: boolean;
};

const NEWEST_FIRST = 'newest';

/**
 * The list's order where no table header can be clicked: narrow screens, whose rows are cards,
 * and the lists shown as cards. The same choices as the table's sortable headers. A native select:
 * a phone shows its own picker, and the page mounts no popup for it.
 */
export function SortSelect({ options, value, onChange, isAlwaysShown }: SortSelectProps) {
  return (
    <NativeSelect
      label="Sort by"
      data={[{ value: NEWEST_FIRST, label: 'Newest first' }, ...options]}
      value={value ?? NEWEST_FIRST}
      onChange={(event) => {
        const choice = event.currentTarget.value;
        onChange(choice !== NEWEST_FIRST ? choice : undefined);
      }}
      hiddenFrom={isAlwaysShown ? undefined : 'sm'}
      w={{ base: '100%', sm: 200 }}
    />
  );
}
