import type { SeedMarker } from './data';

/** A list area the bench measures: its path, the key of its rows and the text a row is found by. */
export type ListArea = {
  name: string;
  path: string;
  /** The area's table, for a direct count to check the tile counts against. */
  table: string;
  rowsKey: string;
  /** A row field whose whole value is a selective search (few rows share it). */
  selectiveField: string;
  /** A search typical of an admin looking for something: a fragment shared by a fair share of rows. */
  typicalTerm: string;
};

export const USERS_AREA: ListArea = {
  name: 'users',
  path: '/admin/users',
  table: 'users',
  rowsKey: 'Users',
  selectiveField: 'username',
  typicalTerm: 'mar',
};

/** Measured in place of the users list while /admin/users answers 404. */
export const USERS_STAND_IN: ListArea = {
  name: 'rentals',
  path: '/admin/rental',
  table: 'rentals',
  rowsKey: 'rentals',
  selectiveField: 'name',
  typicalTerm: 'loft',
};

/** The "one more area": cafes, a factory-built list joined to its city. */
export const SECOND_AREA: ListArea = {
  name: 'cafes',
  path: '/admin/cafe',
  table: 'cafes',
  rowsKey: 'cafes',
  selectiveField: 'name',
  typicalTerm: 'moon',
};

export type ListScenario = {
  key: string;
  label: string;
  query: Record<string, string>;
  /** The DESIGN §6 list target's own case: search + status + dates. */
  isTargetCase: boolean;
};

export type ListCounts = {
  searchcount: number;
  active: number;
  inactive: number;
  deleted: number;
  /** The API said the counts are estimates (countsEstimated). */
  isEstimated?: boolean;
};

const PAGE = 20;
const DAY_MS = 86_400_000;
const formatDayBefore = (now: Date, daysBefore: number) =>
  new Date(now.getTime() - daysBefore * DAY_MS).toISOString().slice(0, 10);

/** The deep page read by skip: half-way through the list (page 25,001 of 1,000,000 users). */
const deepSkipOf = (total: number) => Math.max(0, Math.floor(total / 2 / PAGE) * PAGE);

/**
 * The deep page the panel reads by cursor: the page before the skip one (page 25,000 of 1,000,000
 * users, skip 499,980), reached as the panel reaches it, from the nextCursor of the page before it.
 * The bench reads that page (`skip`) once to take its cursor. Null when the list is too short.
 */
export function deepCursorSetup(total: number): { skip: number; page: number; limit: number } | null {
  const skip = deepSkipOf(total) - 2 * PAGE;
  return skip < 0 ? null : { skip, page: skip / PAGE + 2, limit: PAGE };
}

/**
 * The list calls users make, on one area. `total` (rows under no filter) places the deep page
 * half-way through the list; `selectiveTerm` comes from a row of the data set; `deepCursor` is the
 * nextCursor of the page deepCursorSetup names.
 */
export function listScenarios(options: {
  area: ListArea;
  marker: SeedMarker;
  total: number;
  selectiveTerm: string;
  deepCursor?: string;
}): ListScenario[] {
  const now = new Date(options.marker.now);
  const base = { skip: '0', limit: String(PAGE) };
  const deepSkip = deepSkipOf(options.total);
  const cursorPage = deepCursorSetup(options.total)?.page ?? 0;
  return [
    { key: 'none', label: 'no filter', query: { ...base, status: 'All' }, isTargetCase: false },
    { key: 'status', label: 'status INACTIVE', query: { ...base, status: 'INACTIVE' }, isTargetCase: false },
    {
      key: 'selective',
      label: `search "${options.selectiveTerm}"`,
      query: { ...base, status: 'All', searchphrase: options.selectiveTerm },
      isTargetCase: false,
    },
    {
      key: 'broad',
      label: 'search "a"',
      query: { ...base, status: 'All', searchphrase: 'a' },
      isTargetCase: false,
    },
    {
      key: 'dates',
      label: '30-day range',
      query: {
        ...base,
        status: 'All',
        from_date: formatDayBefore(now, 90),
        to_date: formatDayBefore(now, 61),
      },
      isTargetCase: false,
    },
    {
      key: 'deep',
      label: `deep page (skip ${deepSkip.toLocaleString('en')})`,
      query: { skip: String(deepSkip), limit: String(PAGE), status: 'All' },
      isTargetCase: false,
    },
    ...(options.deepCursor
      ? [
          {
            key: 'cursor',
            label: `deep page by cursor (page ${cursorPage.toLocaleString('en')}, after=)`,
            query: { after: options.deepCursor, limit: String(PAGE), status: 'All' },
            isTargetCase: false,
          },
        ]
      : []),
    {
      key: 'target',
      label: `search "${options.area.typicalTerm}" + ACTIVE + last year`,
      query: {
        ...base,
        status: 'ACTIVE',
        searchphrase: options.area.typicalTerm,
        from_date: formatDayBefore(now, 365),
        to_date: formatDayBefore(now, 0),
      },
      isTargetCase: true,
    },
  ];
}

export function listUrl(baseUrl: string, area: ListArea, query: Record<string, string>): string {
  return `${baseUrl}${area.path}?${new URLSearchParams(query)}`;
}
