import { describe, expect, it } from 'vitest';
import { groupStatusFilterSchema, groupToggleTargetSchema, statusFilterSchema } from './status';

describe('status filters', () => {
  it('accept the tile values in any case', () => {
    for (const [input, output] of [
      ['All', 'All'],
      ['ALL', 'All'],
      ['active', 'ACTIVE'],
      ['InActive', 'INACTIVE'],
      ['DELETED', 'DELETED'],
    ]) {
      expect(statusFilterSchema.parse(input)).toBe(output);
      expect(groupStatusFilterSchema.parse(input)).toBe(output);
    }
  });

  it('take 1 and 0 for groups only', () => {
    expect(groupStatusFilterSchema.parse('1')).toBe('ACTIVE');
    expect(groupStatusFilterSchema.parse('0')).toBe('INACTIVE');
    expect(statusFilterSchema.safeParse('1').success).toBe(false);
    for (const bad of ['2', '-1', 'FOO', ''])
      expect(groupStatusFilterSchema.safeParse(bad).success).toBe(false);
  });
});

describe('group toggle target', () => {
  it('is 1 or 0, or ACTIVE or INACTIVE in any case; never DELETED', () => {
    expect(groupToggleTargetSchema.parse('1')).toBe('ACTIVE');
    expect(groupToggleTargetSchema.parse('0')).toBe('INACTIVE');
    expect(groupToggleTargetSchema.parse('inactive')).toBe('INACTIVE');
    for (const bad of ['2', 'DELETED', 'All', '']) {
      expect(groupToggleTargetSchema.safeParse(bad).success).toBe(false);
    }
  });
});
