import { describe, expect, it } from 'vitest';
import { colorClasses, colorOf, EMPTY_COLOR } from './color-scale';

describe('the map colour scale', () => {
  it('splits 1..max into five classes of equal width, lightest first', () => {
    const classes = colorClasses(100);
    expect(classes.map(({ from, to }) => [from, to])).toEqual([
      [1, 20],
      [21, 40],
      [41, 60],
      [61, 80],
      [81, 100],
    ]);
    expect(colorOf(0, classes)).toBe(EMPTY_COLOR);
    expect(colorOf(1, classes)).toBe('var(--mantine-color-blue-2)');
    expect(colorOf(100, classes)).toBe('var(--mantine-color-blue-9)');
  });

  it('uses fewer classes, ending with the darkest, when counts are small', () => {
    const classes = colorClasses(2);
    expect(classes).toEqual([
      { from: 1, to: 1, color: 'var(--mantine-color-blue-7)' },
      { from: 2, to: 2, color: 'var(--mantine-color-blue-9)' },
    ]);
    expect(colorClasses(0)).toEqual([]);
  });
});
