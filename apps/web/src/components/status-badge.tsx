import { Badge } from '@mantine/core';
import { type RecordStatus, STATUS_COLORS } from '@roam/contract/status';

/**
 * Text in a status colour dark enough to read on that colour's pale background (4.5:1 and more):
 * Mantine's darkest shades of green, yellow and red are too light for small text.
 */
export function readableTextColor(color: string): string {
  return `color-mix(in srgb, var(--mantine-color-${color}-9) 62%, black)`;
}

/** A status in its SPEC §9 colour: active green, inactive yellow, deleted red. */
export function StatusBadge({
  status,
  label,
  color,
}: {
  status: RecordStatus;
  label?: string;
  color?: string;
}) {
  const badgeColor = color ?? STATUS_COLORS[status];
  return (
    <Badge
      color={badgeColor}
      c={readableTextColor(badgeColor)}
      variant="light"
      radius="sm"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {label ?? status}
    </Badge>
  );
}
