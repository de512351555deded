import { RECORD_STATUSES, type RecordStatus } from '@roam/contract/status';
import { isValidCalendarDate } from '@roam/contract/validation';

/**
 * A list's filters, tile and page as they live in the URL (SPEC §4, DESIGN §2): shareable, and the
 * back button steps through them. Absent means the default: All, no search, no dates, page 1.
 */
export type ListSearch = {
  status?: RecordStatus;
  q?: string;
  from?: string;
  to?: string;
  city?: string;
  type?: string;
  page?: number;
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readText(value: unknown, maxLength: number): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).slice(0, maxLength);
  return text.trim() ? text : undefined;
}

function readDate(value: unknown): string | undefined {
  return typeof value === 'string' && isValidCalendarDate(value) ? value : undefined;
}

/** Keeps what is valid and drops the rest, so a hand-edited URL never sends a bad query. */
export function validateListSearch(search: Record<string, unknown>): ListSearch {
  const status = typeof search.status === 'string' ? search.status.toUpperCase() : undefined;
  const page = Number(search.page);
  let from = readDate(search.from);
  const to = readDate(search.to);
  if (from && to && from >= to) from = undefined;
  const city = typeof search.city === 'string' && UUID_PATTERN.test(search.city) ? search.city : undefined;
  return {
    status: RECORD_STATUSES.find((value) => value === status),
    q: readText(search.q, 200),
    from,
    to,
    city,
    type: readText(search.type, 40),
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

/** Whether the view is a status's unfiltered first page: the one SPEC §4 keeps cached. */
export function isDefaultView(search: ListSearch): boolean {
  return !search.q && !search.from && !search.to && !search.city && !search.type && !search.page;
}
