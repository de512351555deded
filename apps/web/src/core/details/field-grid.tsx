import { Badge, Group, SimpleGrid, Text } from '@mantine/core';
import { MESSAGES } from '@roam/contract/messages';
import type { ReactNode } from 'react';

/** One labelled value of a detail page. */
export type Field = { label: string; value: ReactNode };

/** Nothing to show: null, undefined, an empty or blank string, an empty list. */
export function isBlankValue(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return !Number.isFinite(value);
  return Array.isArray(value) && value.length === 0;
}

type FieldGridProps = {
  fields: readonly Field[];
  /** What a blank value says (SPEC §8): 'Not available' by default, or 'N/A'. */
  missing?: string;
  /** Columns from the small breakpoint up; one column on phones. */
  cols?: number;
};

/** Label and value pairs in a grid; a blank value says 'Not available' (or the given text). */
export function FieldGrid({ fields, missing = MESSAGES.notAvailable, cols = 2 }: FieldGridProps) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: cols }} spacing="md" verticalSpacing="sm" m={0}>
      {fields.map((field) => (
        <div key={field.label}>
          <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
            {field.label}
          </Text>
          <Text
            component="dd"
            size="sm"
            m={0}
            c={isBlankValue(field.value) ? 'dimmed' : undefined}
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {isBlankValue(field.value) ? missing : field.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** A list of short values (amenities, rules, cuisines) as tags; `empty` when there are none. */
export function TagList({
  items,
  label,
  empty = MESSAGES.notAvailable,
}: {
  items: readonly string[];
  /** Names the list for screen readers. */
  label: string;
  empty?: string;
}) {
  const shown = items.filter((item) => item.trim() !== '');
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Group component="ul" gap="xs" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
      {shown.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: values may repeat and never reorder
        <li key={`${index}-${item}`}>
          <Badge
            variant="light"
            color="gray"
            c="var(--mantine-color-text)"
            tt="none"
            radius="sm"
            size="lg"
            fw={500}
          >
            {item}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

/** A titled part of a tab: an h2 and its content. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Text component="h2" fw={700} size="md" mb="xs">
        {title}
      </Text>
      {children}
    </section>
  );
}
