import { describe, expect, it } from 'vitest';
import { listQuerySchema, listSearchSchema } from './lists';

describe("a list's URL search", () => {
  it('keeps valid filters, with the status in any case and a numeric search as text', () => {
    expect(
      listSearchSchema.parse({
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
    const search = listSearchSchema.parse({
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
    const search = listSearchSchema.parse({ from: '2024-03-01', to: '2024-03-01', q: 'a'.repeat(300) });
    expect(search.from).toBeUndefined();
    expect(search.to).toBe('2024-03-01');
    expect(search.q).toHaveLength(200);
  });

  it('keeps the spaces of a search being typed', () => {
    expect(listSearchSchema.parse({ q: ' hi ' }).q).toBe(' hi ');
  });

  it('keeps a page cursor beside a page past the first, from one side only', () => {
    expect(listSearchSchema.parse({ page: 4, after: 'abc' })).toEqual({ page: 4, after: 'abc' });
    expect(listSearchSchema.parse({ page: 9, before: 'end' })).toEqual({ page: 9, before: 'end' });
    expect(listSearchSchema.parse({ after: 'abc' })).toEqual({});
    expect(listSearchSchema.parse({ page: 4, after: 'abc', before: 'def' })).toEqual({ page: 4 });
    expect(listSearchSchema.parse({ page: 4, after: '' })).toEqual({ page: 4 });
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
