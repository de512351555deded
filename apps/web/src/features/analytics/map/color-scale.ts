/**
 * The map's colour scale: counts fall into up to five classes of equal width, from 1 to the
 * largest count, shaded lightest to darkest in the panel's blue; a country without active users
 * stays grey. Colours are CSS variables, so the map follows the light and dark schemes.
 */
export type ColorClass = { from: number; to: number; color: string };

const SHADES = [2, 4, 5, 7, 9].map((shade) => `var(--mantine-color-blue-${shade})`);
// A country with no users: a neutral of the colour scheme (theme.ts), pale in light and dim in dark.
export const EMPTY_COLOR = 'var(--roam-color-map-empty)';

/** The classes for counts up to `max` (none when nobody is active). */
export function colorClasses(max: number): ColorClass[] {
  if (max < 1) return [];
  const count = Math.min(SHADES.length, max);
  const width = Math.ceil(max / count);
  const classes: ColorClass[] = [];
  for (let i = 0; i < count; i++) {
    const from = i * width + 1;
    if (from > max) break;
    classes.push({ from, to: Math.min(max, (i + 1) * width), color: SHADES[i] as string });
  }
  // Fewer, wider classes take the darker shades' end of the scale.
  const offset = SHADES.length - classes.length;
  return classes.map((entry, i) => ({ ...entry, color: SHADES[i + offset] as string }));
}

/** The colour of a count in the given classes. */
export function colorOf(count: number, classes: readonly ColorClass[]): string {
  if (count < 1) return EMPTY_COLOR;
  return classes.find((entry) => count <= entry.to)?.color ?? classes.at(-1)?.color ?? EMPTY_COLOR;
}
