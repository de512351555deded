import { describe, expect, it } from 'vitest';
import { formatWholeNumber, listQuerySchema, readListSearch } from './lists';

describe("a list's URL search", () => {
  it('keeps valid filters, with the status in any case and a numeric search as text', () => {
    expect(
      readListSearch({
        status: 'inactive',
        q: 123,
        from: '2024-01-01',
        to: '2024-02-01',
        city: '7f1c8e8a-1b2c-4d3e-8f90-123456789abc',
        type: 'Event',
        page: 3,
      }),
    ).toEqual({
      status: 'INACTIVE',
      q: '123',
      from: '2024-01-01',
      to: '2024-02-01',
      city: '7f1c8e8a-1b2c-4d3e-8f90-123456789abc',
      type: 'Event',
      page: 3,
    });
  });

  it('drops what is not valid instead of failing, and keeps the rest', () => {
    const search = readListSearch({
      status: 'bogus',
      q: '   ',
      from: '2024-02-30',
      to: '2024-03-01',
      city: 'not-a-uuid',
      page: 1,
      extra: 'x',
    });
    expect(search).toEqual({ to: '2024-03-01' });
  });

  it('drops a start date on or after the end date, and cuts a long search to 200 characters', () => {
    const search = readListSearch({ from: '2024-03-01', to: '2024-03-01', q: 'a'.repeat(300) });
    expect(search.from).toBeUndefined();
    expect(search.to).toBe('2024-03-01');
    expect(search.q).toHaveLength(200);
  });

  it('keeps the spaces of a search being typed', () => {
    expect(readListSearch({ q: ' hi ' }).q).toBe(' hi ');
  });

  it('keeps a page cursor beside a page past the first, from one side only', () => {
    expect(readListSearch({ page: 4, after: 'abc' })).toEqual({ page: 4, after: 'abc' });
    expect(readListSearch({ page: 9, before: 'end' })).toEqual({ page: 9, before: 'end' });
    expect(readListSearch({ after: 'abc' })).toEqual({});
    expect(readListSearch({ page: 4, after: 'abc', before: 'def' })).toEqual({ page: 4 });
    expect(readListSearch({ page: 4, after: '' })).toEqual({ page: 4 });
  });
});

describe("a list call's query", () => {
  const problem = (query: Record<string, string>) => {
    const result = listQuerySchema.safeParse(query);
    return result.success
      ? null
      : `${result.error.issues[0]?.path.join('.')}: ${result.error.issues[0]?.message}`;
  };

  it('names the bound a page size or an offset is past, and what a non-number is', () => {
    expect(problem({ limit: '101' })).toBe('limit: must be at most 100');
    expect(problem({ limit: '-1' })).toBe('limit: must be at least 0');
    expect(problem({ skip: '-5' })).toBe('skip: must be at least 0');
    expect(problem({ limit: '2.5' })).toBe('limit: must be a whole number');
    expect(problem({ limit: 'ten' })).toBe('limit: must be a whole number');
    expect(problem({ limit: '100' })).toBeNull();
  });

  it('takes one page cursor at most', () => {
    expect(problem({ after: 'abc' })).toBeNull();
    expect(problem({ before: 'end' })).toBeNull();
    expect(problem({ after: 'abc', before: 'def' })).toBe('after: after and before cannot both be given');
    expect(problem({ after: '' })).toBe('after: must be a cursor');
  });
});

describe('a whole number as the panel writes it', () => {
  // Intl.NumberFormat is what the hand-written format stands in for (it is slow to start in a page).
  const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  const twoFigures = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });
  const samples = [
    0, 1, 9, 10, 15, 99, 100, 149, 150, 951, 999, 1_000, 1_049, 1_050, 1_449, 1_450, 9_950, 9_999, 10_000,
    12_345, 25_432, 99_499, 99_500, 999_999, 1_000_000, 1_234_567, 987_654_321, 12_345_678_901,
  ];

  it('groups the thousands as en-US does', () => {
    for (const value of [...samples, -1, -12_345])
      expect(formatWholeNumber(value)).toBe(grouped.format(value));
    expect(formatWholeNumber(1_234_567)).toBe('1,234,567');
  });

  it('keeps only the first figures, rounded half up, as en-US does with maximumSignificantDigits', () => {
    for (const value of samples) expect(formatWholeNumber(value, 2)).toBe(twoFigures.format(value));
    expect(formatWholeNumber(25_432, 2)).toBe('25,000');
    expect(formatWholeNumber(1_450, 2)).toBe('1,500');
  });

  it('rounds a fraction to the nearest whole number', () => {
    expect(formatWholeNumber(1_234.5)).toBe('1,235');
    expect(formatWholeNumber(-0.4)).toBe('0');
  });
});
