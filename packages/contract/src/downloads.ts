import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { formatWholeNumber } from './lists';
import { PERMISSION_MODULES, type PermissionModule } from './permissions';

/**
 * Downloads (DESIGN §8): an admin asks over the realtime connection for the rows of a list (the
 * selected ones, or every row its filters match) as CSV, XLSX or PDF; the job runs in the
 * background and ends with a signed link.
 */

export const DOWNLOAD_TYPES = ['csv', 'xlsx', 'pdf'] as const;
export type DownloadType = (typeof DOWNLOAD_TYPES)[number];
export const DOWNLOAD_STATES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/** A PDF holds at most this many rows; past it the request is refused with MESSAGES-like advice. */
export const PDF_ROW_LIMIT = 100_000;
export const PDF_TOO_LARGE = `A PDF holds at most ${formatWholeNumber(PDF_ROW_LIMIT)} rows: download this list as CSV or Excel instead`;
/** The download list cuts titles to this many characters (SPEC §2). */
export const DOWNLOAD_TITLE_LENGTH = 18;
/** How many ids a request may select. */
export const MAX_SELECTED_IDS = 10_000;

/** `xls` is accepted as `xlsx` (the spec's spelling). */
export const downloadTypeSchema = lazySchema(() =>
  z
    .enum(['csv', 'xlsx', 'xls', 'pdf'], { message: 'must be csv, xlsx or pdf' })
    .transform((type): DownloadType => (type === 'xls' ? 'xlsx' : type)),
);

/**
 * The list's current query, as the list sent it: the server checks each value with that area's own
 * list schema (400 naming the parameter), so a download holds exactly the rows the list matched.
 */
export const DOWNLOAD_FILTERS = [
  'status',
  'searchphrase',
  'from_date',
  'to_date',
  'city',
  'uid',
  'userId',
  'type',
] as const;
export const downloadFiltersSchema = lazySchema(() =>
  z
    .object(
      Object.fromEntries(DOWNLOAD_FILTERS.map((key) => [key, z.string().max(200).optional()])) as Record<
        (typeof DOWNLOAD_FILTERS)[number],
        z.ZodOptional<z.ZodString>
      >,
    )
    .strip(),
);
export type DownloadFilters = z.infer<typeof downloadFiltersSchema>;

/** The panel's `download management` request. */
export const downloadRequestSchema = lazySchema(() =>
  z.object({
    ids: z.array(z.string().max(100)).max(MAX_SELECTED_IDS).default([]),
    module: z.enum(PERMISSION_MODULES, { message: 'must be a permission module name' }),
    type: downloadTypeSchema,
    filters: downloadFiltersSchema.default({}),
  }),
);
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

/** One download job as GET /admin/downloads lists it. */
export const downloadSchema = lazySchema(() =>
  z.object({
    pk: z.string(),
    title: z.string(),
    module: z.enum(PERMISSION_MODULES),
    type: z.enum(DOWNLOAD_TYPES),
    state: z.enum(DOWNLOAD_STATES),
    done: z.number().int(),
    total: z.number().int(),
    /** The signed link, once done and until it expires. */
    url: z.string().nullable(),
    /** When the link expires, in seconds since 1970 (null until done). */
    expires: z.number().int().nullable(),
    /** Why it failed. */
    message: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type Download = z.infer<typeof downloadSchema>;
export const downloadListSchema = lazySchema(() => z.object({ downloads: z.array(downloadSchema) }));

/** The acknowledgement of a request. */
export type DownloadAck =
  | { status: 202; download: Download }
  | { status: 400 | 401 | 403 | 413 | 429; message: string };

/** `download progress`: at most a few a second, at least one per job. */
export const downloadProgressSchema = lazySchema(() =>
  z.object({
    pk: z.string(),
    done: z.number().int(),
    total: z.number().int(),
  }),
);
export type DownloadProgress = z.infer<typeof downloadProgressSchema>;

/** The final `download management` event of a job. */
export type DownloadFinal =
  | { status: 200; pk: string; url: string; expires: number }
  | { status: 500; pk: string; message: string };

/** A download's title: the area's title and the day, e.g. `City 24-11-2026`. */
export function downloadTitle(title: string, at: Date): string {
  const day = `${String(at.getUTCDate()).padStart(2, '0')}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-${at.getUTCFullYear()}`;
  return `${title} ${day}`;
}

export function isDownloadModule(value: string): value is PermissionModule {
  return (PERMISSION_MODULES as readonly string[]).includes(value);
}
