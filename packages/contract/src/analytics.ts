import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { calendarDate, withDatesInOrder } from './lists';

/**
 * The analytics calls' queries and answers (SPEC §7 "Analytics and settings", DESIGN §8
 * "Analytics") and the calendar arithmetic both sides share. Days are UTC calendar days written
 * YYYY-MM-DD; a period (a bucket of a graph) is named by its first day.
 */

// Graphs: GET /admin/analytics/graph/users and /admin/analytics/graph/groups

export const GRAPH_TYPES = ['daily', 'monthly', 'yearly'] as const;
export type GraphType = (typeof GRAPH_TYPES)[number];
export const DEFAULT_GRAPH_TYPE: GraphType = 'monthly';

/** SPEC §9: a window holds 15 days, 5 months or 3 years; the arrows move it by as much. */
export const GRAPH_WINDOW_LENGTH: Readonly<Record<GraphType, number>> = { daily: 15, monthly: 5, yearly: 3 };

/** The most buckets one answer holds, so that a window asked for by hand stays small. */
export const MAX_GRAPH_BUCKETS: Readonly<Record<GraphType, number>> = {
  daily: 366,
  monthly: 120,
  yearly: 50,
};

const UNITS: Readonly<Record<GraphType, string>> = { daily: 'days', monthly: 'months', yearly: 'years' };

const MONTH_YEAR = /^(0[1-9]|1[0-2])-(\d{4})$/;
const YEAR_MONTH_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const dayText = (date: Date) =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** Today's UTC day. */
export function todayOf(now: Date = new Date()): string {
  return dayText(now);
}

/** The day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = parts(day);
  return dayText(new Date(Date.UTC(year, month - 1, date + days)));
}

/** The first day of the period of `type` holding `day`. */
export function periodStartOf(type: GraphType, day: string): string {
  const [year, month] = parts(day);
  if (type === 'daily') return day;
  return type === 'monthly' ? `${pad(year, 4)}-${pad(month)}-01` : `${pad(year, 4)}-01-01`;
}

/** The period `count` periods after the one starting at `start` (before, when negative). */
export function addPeriods(type: GraphType, start: string, count: number): string {
  if (type === 'daily') return addDays(start, count);
  const [year, month] = parts(start);
  const date =
    type === 'monthly'
      ? new Date(Date.UTC(year, month - 1 + count, 1))
      : new Date(Date.UTC(year + count, 0, 1));
  return dayText(date);
}

/** The periods from `first` to `last`, both included, oldest first. */
export function periodsBetween(type: GraphType, first: string, last: string): string[] {
  const periods: string[] = [];
  for (let period = first; period <= last; period = addPeriods(type, period, 1)) periods.push(period);
  return periods;
}

/** A bucket's label (DESIGN §8): daily YYYY-MM-DD, monthly MM-YYYY, yearly YYYY. */
export function periodLabel(type: GraphType, start: string): string {
  const [year, month] = parts(start);
  if (type === 'daily') return start;
  return type === 'monthly' ? `${pad(month)}-${pad(year, 4)}` : pad(year, 4);
}

/**
 * A startDate or endDate (MM-YYYY; daily also YYYY-MM-DD) as the first day of its period, or null
 * when it is not one. A month given to a daily graph starts at its first day and ends at its last.
 */
export function parseGraphDate(type: GraphType, text: string, edge: 'start' | 'end'): string | null {
  const monthYear = MONTH_YEAR.exec(text);
  if (monthYear) {
    const month = `${monthYear[2]}-${monthYear[1]}-01`;
    if (month < '1900-01-01') return null;
    if (type === 'daily' && edge === 'end') return addDays(addPeriods('monthly', month, 1), -1);
    return periodStartOf(type, month);
  }
  if (type === 'daily' && YEAR_MONTH_DAY.test(text) && calendarDate.safeParse(text).success) return text;
  return null;
}

/** How the panel writes a window's edge in the query: YYYY-MM-DD for days, MM-YYYY otherwise. */
export function graphDateParam(type: GraphType, start: string): string {
  if (type === 'daily') return start;
  const [year, month] = parts(start);
  return `${pad(month)}-${pad(year, 4)}`;
}

export type GraphWindow = { type: GraphType; first: string; last: string };

/**
 * The buckets a graph query asks for: from startDate to endDate; either one alone gives a window
 * of the usual length from or to it; neither, the usual window ending with the current period.
 */
export function resolveGraphWindow(query: GraphQuery, today: string = todayOf()): GraphWindow {
  const { type } = query;
  const length = GRAPH_WINDOW_LENGTH[type];
  const start = query.startDate ? parseGraphDate(type, query.startDate, 'start') : null;
  const end = query.endDate ? parseGraphDate(type, query.endDate, 'end') : null;
  const last = end ?? (start ? addPeriods(type, start, length - 1) : periodStartOf(type, today));
  const first = start ?? addPeriods(type, last, -(length - 1));
  return { type, first, last };
}

const graphDateText = lazySchema(() => z.string().max(10).optional());

/** The graph calls' query: type (default monthly), startDate and endDate. A bad one is named. */
export const graphQuerySchema = lazySchema(() =>
  z
    .object({
      type: z.enum(GRAPH_TYPES).default(DEFAULT_GRAPH_TYPE),
      startDate: graphDateText,
      endDate: graphDateText,
    })
    .superRefine((query, ctx) => {
      const expected = query.type === 'daily' ? 'MM-YYYY or YYYY-MM-DD' : 'MM-YYYY';
      const start = query.startDate ? parseGraphDate(query.type, query.startDate, 'start') : undefined;
      const end = query.endDate ? parseGraphDate(query.type, query.endDate, 'end') : undefined;
      if (start === null)
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: `must be ${expected}` });
      if (end === null) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `must be ${expected}` });
      if (!start || !end) return;
      if (start > end) {
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'must not be after endDate' });
        return;
      }
      if (addPeriods(query.type, start, MAX_GRAPH_BUCKETS[query.type]) <= end) {
        ctx.addIssue({
          code: 'custom',
          path: ['endDate'],
          message: `a ${query.type} graph holds at most ${MAX_GRAPH_BUCKETS[query.type]} ${UNITS[query.type]}`,
        });
      }
    }),
);
export type GraphQuery = z.output<typeof graphQuerySchema>;

/** A single-key object: a label or a country name to a count (SPEC §3). */
const countEntry = lazySchema(() =>
  z
    .record(z.string(), z.number().int().min(0))
    .refine((entry) => Object.keys(entry).length === 1, 'must hold exactly one key'),
);

/** The graph calls' answer: one entry per bucket, zeros included, oldest first. */
export const graphAnswerSchema = lazySchema(() => z.object({ graph: z.array(countEntry) }));
export type GraphAnswer = z.infer<typeof graphAnswerSchema>;

/** A graph's buckets as label and value, in order. */
export function graphPoints(answer: GraphAnswer): { label: string; value: number }[] {
  return answer.graph.flatMap((entry) => Object.entries(entry).map(([label, value]) => ({ label, value })));
}

// The map: GET /admin/analytics/users

/** The map's default window: the last 30 days, today included. */
export const DEFAULT_MAP_DAYS = 30;

/** The windows the panel offers for the map; each ends today. */
export const MAP_RANGES = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '12m', label: 'Last 12 months' },
] as const;
export type MapRange = (typeof MAP_RANGES)[number]['value'];
export const DEFAULT_MAP_RANGE: MapRange = '30d';

/** The first day of a map window ending `today`. */
export function mapRangeStart(range: MapRange, today: string = todayOf()): string {
  if (range === '7d') return addDays(today, -6);
  if (range === '30d') return addDays(today, -(DEFAULT_MAP_DAYS - 1));
  const [year, month, date] = parts(today);
  return dayText(new Date(Date.UTC(year - 1, month - 1, date + 1)));
}

/**
 * The map's query: from_date (default 29 days before today) and to_date (YYYY-MM-DD). The window
 * ends today: the server refuses a to_date before today, and a from_date after it.
 */
export const activeUsersQuerySchema = lazySchema(() =>
  withDatesInOrder(z.object({ from_date: calendarDate.optional(), to_date: calendarDate.optional() })),
);
export type ActiveUsersQuery = z.output<typeof activeUsersQuerySchema>;

/** The map's answer: distinct users active in the window, per country (its English name), most first. */
export const activeUsersAnswerSchema = lazySchema(() => z.object({ activeusers: z.array(countEntry) }));
export type ActiveUsersAnswer = z.infer<typeof activeUsersAnswerSchema>;
