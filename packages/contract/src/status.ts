import { z } from 'zod';

/** Lifecycle of every record that has one (SPEC §4). */
export const RECORD_STATUSES = ['ACTIVE', 'INACTIVE', 'DELETED'] as const;
export const recordStatusSchema = z.enum(RECORD_STATUSES);
export type RecordStatus = z.infer<typeof recordStatusSchema>;

/** The status filter of a list: the tiles' values, accepted in any case ('All', 'ALL', 'active'). */
export const STATUS_FILTERS = ['All', ...RECORD_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const statusFilterSchema = z
  .string()
  .max(20)
  .transform((value, ctx): StatusFilter => {
    const upper = value.toUpperCase();
    if (upper === 'ALL') return 'All';
    const match = RECORD_STATUSES.find((status) => status === upper);
    if (match) return match;
    ctx.addIssue({ code: 'custom', message: 'status must be All, ACTIVE, INACTIVE or DELETED' });
    return z.NEVER;
  });

/** Colours of SPEC §9: active green, inactive yellow, deleted red. */
export const STATUS_COLORS: Record<RecordStatus, string> = {
  ACTIVE: 'green',
  INACTIVE: 'yellow',
  DELETED: 'red',
};
