import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { RECORD_STATUSES, type StatusFilter, statusFilterSchema } from './status';
import {
  type UrlSearchOf,
  urlDate,
  urlOneOf,
  urlPage,
  urlSearch,
  urlString,
  urlText,
  urlUuid,
} from './url-search';
import { isValidCalendarDate } from './validation';

export const DEFAULT_PAGE_SIZE = 20;
export const PROMO_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 200;

/** A filter date: a real day written YYYY-MM-DD, between the years 1900 and 2999. */
export const calendarDate = lazySchema(() =>
  z
    .string()
    .refine(isValidCalendarDate, { message: 'must be a real date written YYYY-MM-DD' })
    .refine((date) => date >= '1900-01-01' && date <= '2999-12-31', {
      message: 'must be between 1900-01-01 and 2999-12-31',
    }),
);
/** A whole number from a query string, within bounds; a number out of them is told its bounds. */
export const intFromQuery = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    // Commas by hand: Intl's first use costs the panel's first page tens of ms of start-up.
    .max(max, `must be at most ${formatWholeNumber(max)}`);

/**
 * A list's order (DESIGN §4): one of its sortable keys (the answer's own names), ascending, or
 * descending with a leading `-` (`sort=name`, `sort=-createdAt`). Absent: newest first.
 */
export type ListSort<Key extends string = string> = Key | `-${Key}`;

/** The order a `sort` value names: its key and direction. */
export function readSort<Key extends string>(sort: ListSort<Key>): { key: Key; isDescending: boolean } {
  const isDescending = sort.startsWith('-');
  return { key: (isDescending ? sort.slice(1) : sort) as Key, isDescending };
}

/** Every `sort` value the keys allow, ascending then descending: what a refused one is told. */
export function sortValues<Key extends string>(keys: readonly Key[]): ListSort<Key>[] {
  return keys.flatMap((key): ListSort<Key>[] => [key, `-${key}`]);
}

/** A `sort` that is one of the keys (either direction); any other is refused, told what is allowed. */
export function sortSchema<Key extends string>(keys: readonly Key[]): z.ZodType<ListSort<Key>, string> {
  const allowed: readonly string[] = sortValues(keys);
  return z.string().refine((value): value is ListSort<Key> => allowed.includes(value), {
    message: `must be one of ${allowed.join(', ')}`,
  });
}

/**
 * The parameters of DESIGN §4's list query, one by one, so that a narrower query (a group's members,
 * an item's applications) takes the same spellings and checks.
 */
export function listQueryFields(
  defaultLimit = DEFAULT_PAGE_SIZE,
  status: z.ZodType<StatusFilter, string> = statusFilterSchema,
) {
  return {
    skip: intFromQuery(0, 10_000_000).default(0),
    limit: intFromQuery(0, MAX_PAGE_SIZE).default(defaultLimit),
    status: status.default('All'),
    searchphrase: z.string().max(MAX_SEARCH_LENGTH).default(''),
    from_date: calendarDate.optional(),
    to_date: calendarDate.optional(),
    city: z.string().uuid('must be a city id').optional(),
    cityID: z.string().uuid('must be a city id').optional(),
    uid: z.string().max(100).optional(),
    userId: z.string().max(100).optional(),
  };
}

/** from_date may not come after to_date (400 naming from_date). */
export function withDatesInOrder<T extends z.ZodType<{ from_date?: string; to_date?: string }>>(
  schema: T,
): T {
  return schema.refine((q) => !q.from_date || !q.to_date || q.from_date <= q.to_date, {
    message: 'from_date must not be after to_date',
    path: ['from_date'],
  });
}

/**
 * Paging by cursor (DESIGN §4): every list answer gives `nextCursor` (after its last row) and
 * `prevCursor` (before its first row), null at an end. `after=<cursor>` asks for the page after that
 * row, `before=<cursor>` for the page before it, `before=end` for the last page as `skip` numbers
 * pages (searchcount % limit rows, or limit; the last `limit` rows while the counts are capped).
 * Each is a walk of the order's index from the cursor, however deep the page. With a cursor `skip`
 * is ignored. A cursor is opaque and belongs to one order: one of another `sort`, or one that is not
 * a cursor, answers 400 naming the parameter.
 */
export const LAST_PAGE_CURSOR = 'end';
const MAX_CURSOR_LENGTH = 2000;
const pageCursor = lazySchema(() =>
  z.string().min(1, 'must be a cursor').max(MAX_CURSOR_LENGTH, 'is not a cursor of this list'),
);

/** A list answer's cursors to its neighbouring pages; null where it ends. */
export const pageCursorsSchema = lazySchema(() =>
  z.object({
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  }),
);

/**
 * Every list endpoint's query (DESIGN §4), with the area's page size as the default limit and, where
 * an area spells statuses its own way too (groups: 1 and 0), its status schema. Unknown parameters
 * are dropped; each known one is checked and a bad one answers 400 naming it.
 */
export function makeListQuerySchema(
  defaultLimit = DEFAULT_PAGE_SIZE,
  status: z.ZodType<StatusFilter, string> = statusFilterSchema,
  sortKeys: readonly string[] = ['createdAt'],
) {
  return withDatesInOrder(
    z.object({
      ...listQueryFields(defaultLimit, status),
      sort: sortSchema(sortKeys).optional(),
      after: pageCursor.optional(),
      before: pageCursor.optional(),
    }),
  ).refine((q) => q.after === undefined || q.before === undefined, {
    message: 'after and before cannot both be given',
    path: ['after'],
  });
}
export const listQuerySchema = lazySchema(() => makeListQuerySchema());
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * A filtered list counts its matching rows up to this many (DESIGN §6: a count never scans a large
 * table per request). Past it the answer says `countsCapped`: each count is then a lower bound, and
 * the panel shows "10,000+". An unfiltered list's counts are always exact (kept on write).
 */
export const COUNT_CAP = 10_000;

/** Tile counts: every filter but status. */
export const tileCountsSchema = lazySchema(() =>
  z.object({
    active: z.number().int(),
    inactive: z.number().int(),
    deleted: z.number().int(),
    countsCapped: z.boolean().optional(),
    /**
     * The counts (tiles and searchcount) are estimates from a sample of the table, not counted
     * (DESIGN §6: where an exact count is not cheap); the panel shows "about 25,000".
     */
    countsEstimated: z.boolean().optional(),
  }),
);

/** What a list's counts are: exact, a lower bound ("10,000+"), or an estimate ("about 25,000"). */
export type CountKind = 'exact' | 'atLeast' | 'about';

export function countKindOf(answer: { countsCapped?: boolean; countsEstimated?: boolean }): CountKind {
  if (answer.countsEstimated) return 'about';
  return answer.countsCapped ? 'atLeast' : 'exact';
}

/**
 * A whole number as en-US writes it, its thousands grouped ('12,345'), or with only its first
 * `significantDigits` kept, rounded half up ('25,000' for 25,432 at two). By hand rather than
 * with Intl.NumberFormat: a list formats its counts as it first renders, and a page's first Intl
 * number format costs tens of milliseconds of a phone's main thread (ICU's locale data).
 */
export function formatWholeNumber(value: number, significantDigits?: number): string {
  let magnitude = Math.round(Math.abs(value));
  const digits = String(magnitude).length;
  if (significantDigits !== undefined && digits > significantDigits) {
    const unit = 10 ** (digits - significantDigits);
    magnitude = Math.round(magnitude / unit) * unit;
  }
  const grouped = String(magnitude).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 && magnitude > 0 ? `-${grouped}` : grouped;
}

export function pageCount(searchcount: number, pageSize: number) {
  return Math.max(1, Math.ceil(searchcount / pageSize));
}

/** A list's filters, tile, order and page as the panel's URL holds them (see makeListSearch). */
const listSearchFields = (sortKeys: readonly string[]) => ({
  status: urlOneOf(RECORD_STATUSES, (text) => text.toUpperCase()),
  q: urlText(MAX_SEARCH_LENGTH),
  from: urlDate,
  to: urlDate,
  city: urlUuid,
  type: urlText(40),
  sort: urlOneOf(sortValues(sortKeys)),
  page: urlPage,
  /** The page's cursor (the list answer's, or `end`): page 2 on are read from it, not by skip. */
  after: urlString(1, MAX_CURSOR_LENGTH),
  before: urlString(1, MAX_CURSOR_LENGTH),
});
export type ListSearch = UrlSearchOf<ReturnType<typeof listSearchFields>>;

/**
 * A list's filters, tile, order and page as they live in the panel's URL (SPEC §4, DESIGN §2):
 * shareable, and the back button steps through them. Absent means the default: All, no search, no
 * dates, newest first, page 1. A hand-edited URL never sends a bad query: what is not valid is
 * dropped, a start date on or after the end date included, and an order that is not one of
 * `sortKeys` (the area's).
 */
export function makeListSearch(sortKeys: readonly string[]): (search: Record<string, unknown>) => ListSearch {
  const read = urlSearch(listSearchFields(sortKeys));
  return (input) => {
    const search = read(input);
    if (search.from && search.to && search.from >= search.to) search.from = undefined;
    // A cursor belongs to a page past the first, and a page is reached from one side only.
    if (!search.page || (search.after && search.before)) {
      search.after = undefined;
      search.before = undefined;
    }
    return search;
  };
}
/** A list's URL search without an order of its own (only newest first, the default). */
export const readListSearch = makeListSearch([]);
