import { Badge } from '@mantine/core';
import { type RecordStatus, STATUS_COLORS } from '@roam/contract/status';
import type { ReactNode } from 'react';

/**
 * Text in a status colour that reads on that colour's tint (4.5:1 and more). In light, Mantine's
 * darkest shades of green, yellow and red are too light for small text on the pale tint, so they
 * are mixed with black; in dark, the tint is dim and Mantine's own light-variant text (a pale
 * shade) reads on it. `light-dark()` follows the `color-scheme` Mantine sets with the scheme.
 */
export function readableTextColor(color: string): string {
  return `light-dark(color-mix(in srgb, var(--mantine-color-${color}-9) 62%, black), var(--mantine-color-${color}-light-color))`;
}

/** A short status word on a pale tint of its colour, never cut or squeezed. */
export function ToneBadge({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge
      color={color}
      c={readableTextColor(color)}
      variant="light"
      radius="sm"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {children}
    </Badge>
  );
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
  return <ToneBadge color={color ?? STATUS_COLORS[status]}>{label ?? status}</ToneBadge>;
}
