import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

type SearchBoxProps = { value: string | undefined; onSearch: (value: string | undefined) => void };

/** SPEC §2: the search runs on Enter; the clear icon resets it. */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);

  return (
    <TextInput
      label="Search"
      placeholder="Type and press Enter"
      value={text}
      maxLength={200}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text.trim() || undefined);
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            aria-label="Clear search"
            size="sm"
            onClick={() => {
              setText('');
              onSearch(undefined);
            }}
          />
        ) : null
      }
      w={{ base: '100%', sm: 220 }}
    />
  );
}
