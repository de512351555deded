import { describe, expect, it } from 'vitest';
import { regexes } from 'zod';
import { readAuditSearch } from './audit';
import { readLoginSearch } from './social';
import {
  UUID_PATTERN,
  urlDate,
  urlOneOf,
  urlPage,
  urlSearch,
  urlString,
  urlText,
  urlUuid,
} from './url-search';

describe("the panel's URL search", () => {
  it('keeps each valid value, reads the rest as undefined, and leaves out every key it does not read', () => {
    const read = urlSearch({ q: urlText(10), page: urlPage });
    expect(read({ q: 'cafe', page: 3, extra: 'x' })).toStrictEqual({ q: 'cafe', page: 3 });
    // Undefined, not left out: the router lays it over the URL's own (invalid) value.
    expect(read({ q: '  ', page: 1 })).toStrictEqual({ q: undefined, page: undefined });
  });

  it('reads a number typed in a text as text, cut to its length, and never a blank one', () => {
    expect(urlText(3)(12345)).toBe('123');
    expect(urlText(5)(' hi ')).toBe(' hi ');
    expect(urlText(5)('\t')).toBeUndefined();
    expect(urlText(5)(Number.NaN)).toBeUndefined();
    expect(urlText(5)(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(urlText(5)(['a'])).toBeUndefined();
    expect(urlText(5)(true)).toBeUndefined();
  });

  it('takes real days from 1900 to 2999 only', () => {
    expect(urlDate('2024-02-29')).toBe('2024-02-29');
    expect(urlDate('2023-02-29')).toBeUndefined();
    expect(urlDate('1899-12-31')).toBeUndefined();
    expect(urlDate('3000-01-01')).toBeUndefined();
    expect(urlDate(20240101)).toBeUndefined();
  });

  it('takes a page past the first as a whole number', () => {
    expect(urlPage(2)).toBe(2);
    expect(urlPage(1)).toBeUndefined();
    expect(urlPage(2.5)).toBeUndefined();
    expect(urlPage('3')).toBeUndefined();
    expect(urlPage(2 ** 53)).toBeUndefined();
  });

  it('takes a value of a set after its normalising, and ids the API takes', () => {
    const status = urlOneOf(['ACTIVE', 'INACTIVE'], (text) => text.toUpperCase());
    expect(status('inactive')).toBe('INACTIVE');
    expect(status('All')).toBeUndefined();
    expect(urlUuid('7f1c8e8a-1b2c-4d3e-8f90-123456789abc')).toBe('7f1c8e8a-1b2c-4d3e-8f90-123456789abc');
    // Version 9 is not an RFC 9562 UUID: the API's list query would refuse it.
    expect(urlUuid('7f1c8e8a-1b2c-9d3e-8f90-123456789abc')).toBeUndefined();
    expect(urlString(1, 3)('')).toBeUndefined();
    expect(urlString(1, 3)('abcd')).toBeUndefined();
  });

  it("checks an id with zod's own UUID pattern", () => {
    expect(UUID_PATTERN.source).toBe(regexes.uuid().source);
    expect(UUID_PATTERN.flags).toBe(regexes.uuid().flags);
  });

  it("reads the audit screen's filters, dropping a start date after the end date", () => {
    expect(
      readAuditSearch({
        q: 'promo',
        entity: 'city',
        action: 'bad action',
        from: '2024-05-02',
        to: '2024-05-01',
      }),
    ).toEqual({ q: 'promo', entity: 'city', to: '2024-05-01' });
    expect(readAuditSearch({ from: '2024-05-01', to: '2024-05-01', page: 2 })).toEqual({
      from: '2024-05-01',
      to: '2024-05-01',
      page: 2,
    });
  });

  it("reads the sign-in page's return from a provider", () => {
    expect(readLoginSearch({ oidc_code: 'abc', oidc_error: 'x'.repeat(41), next: '/user' })).toEqual({
      oidc_code: 'abc',
    });
  });
});
