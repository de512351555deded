/**
 * The panel's URL searches (a list's filters, the audit log's, a detail page's tab, the sign-in
 * page's return from a provider), read by plain functions rather than zod schemas: the router reads
 * the search of the first page before it paints, and building a zod schema there cost a phone's
 * main thread more than the rest of the read. A value of the URL is kept when valid and dropped
 * (never an error) when not: a hand-edited URL never sends a bad query.
 */
import { isValidCalendarDate } from './validation';

/** Reads one value of the URL (as the router parsed it: text, a number, ...): kept, or undefined. */
export type UrlValue<T> = (value: unknown) => T | undefined;

/** What `urlSearch` reads: each field present only when its value was kept. */
export type UrlSearchOf<Fields extends Record<string, UrlValue<unknown>>> = {
  [Key in keyof Fields]?: Exclude<ReturnType<Fields[Key]>, undefined>;
};

/**
 * A search read field by field. Every field's key is in the answer, undefined when its value was
 * dropped: the router lays a route's search over the URL's as it was given, so a key left out would
 * let the URL's invalid value through. Any other key of the URL is not read.
 */
export function urlSearch<Fields extends Record<string, UrlValue<unknown>>>(fields: Fields) {
  const keys = Object.keys(fields) as (keyof Fields & string)[];
  return (search: Record<string, unknown>): UrlSearchOf<Fields> => {
    const read: Record<string, unknown> = {};
    for (const key of keys) read[key] = fields[key]!(search[key]);
    return read as UrlSearchOf<Fields>;
  };
}

/** Text (a number typed in it counts as text), cut to `maxLength`, never blank. */
export const urlText =
  (maxLength: number): UrlValue<string> =>
  (value) => {
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return undefined;
    const text = String(value).slice(0, maxLength);
    return text.trim() === '' ? undefined : text;
  };

/** Text of `minLength` to `maxLength` characters, as given. */
export const urlString =
  (minLength: number, maxLength: number): UrlValue<string> =>
  (value) =>
    typeof value === 'string' && value.length >= minLength && value.length <= maxLength ? value : undefined;

/** Text the whole of which `pattern` matches. */
export const urlMatching =
  (pattern: RegExp): UrlValue<string> =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? value : undefined;

/** One of `values`, after `normalise` (the status tiles' in any case). */
export const urlOneOf =
  <Value extends string>(values: readonly Value[], normalise = (text: string) => text): UrlValue<Value> =>
  (value) => {
    if (typeof value !== 'string') return undefined;
    const normalised = normalise(value);
    return values.find((allowed) => allowed === normalised);
  };

/** A filter date: a real day written YYYY-MM-DD, between the years 1900 and 2999 (the API's rule). */
export const urlDate: UrlValue<string> = (value) =>
  typeof value === 'string' && isValidCalendarDate(value) && value >= '1900-01-01' && value <= '2999-12-31'
    ? value
    : undefined;

/** A page past the first: a whole number from 2. */
export const urlPage: UrlValue<number> = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 2 ? value : undefined;

/**
 * An RFC 9562 UUID, as the API's zod schemas check an id: zod's own pattern (`regexes.uuid()`),
 * written out so that the panel's start reads an id without loading zod (a test keeps them equal).
 */
export const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** An id the API takes. */
export const urlUuid: UrlValue<string> = urlMatching(UUID_PATTERN);
