import { Group } from '@mantine/core';
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';

/** Ratings have 5 levels (SPEC §9). */
export const MAX_STARS = 5;

/** '4', '4.5', '4.25': at most two decimals, no trailing zeros. */
export function formatRatingValue(value: number): string {
  return String(Number(clampRating(value).toFixed(2)));
}

function clampRating(value: number): number {
  return Number.isFinite(value) ? Math.min(MAX_STARS, Math.max(0, value)) : 0;
}

/**
 * A read-only rating of 0 to 5 stars, halves included, read out as 'Rated X out of 5'. The stars
 * are drawn, not announced one by one.
 */
export function StarRating({ value, size = 16 }: { value: number; size?: number }) {
  const rating = clampRating(value);
  return (
    <Group
      gap={2}
      wrap="nowrap"
      role="img"
      aria-label={`Rated ${formatRatingValue(rating)} out of ${MAX_STARS}`}
      c="orange.8"
      display="inline-flex"
    >
      {Array.from({ length: MAX_STARS }, (_, index) => {
        const fill = rating - index;
        const Icon = fill >= 0.75 ? IconStarFilled : fill >= 0.25 ? IconStarHalfFilled : IconStar;
        // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are fixed positions
        return <Icon key={index} size={size} aria-hidden />;
      })}
    </Group>
  );
}
