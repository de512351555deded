import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Lifecycle of every record that has one (SPEC §4). */
export const RECORD_STATUSES = ['ACTIVE', 'INACTIVE', 'DELETED'] as const;
export const recordStatusSchema = lazySchema(() => z.enum(RECORD_STATUSES));
export type RecordStatus = z.infer<typeof recordStatusSchema>;

/** The status filter of a list: the tiles' values, accepted in any case ('All', 'ALL', 'active'). */
export const STATUS_FILTERS = ['All', ...RECORD_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

function toStatusFilter(value: string): StatusFilter | undefined {
  const upper = value.toUpperCase();
  if (upper === 'ALL') return 'All';
  return RECORD_STATUSES.find((status) => status === upper);
}

export const statusFilterSchema = lazySchema(() =>
  z
    .string()
    .max(20)
    .transform((value, ctx): StatusFilter => {
      const match = toStatusFilter(value);
      if (match) return match;
      ctx.addIssue({ code: 'custom', message: 'status must be All, ACTIVE, INACTIVE or DELETED' });
      return z.NEVER;
    }),
);

/** A toggle's target: a status name in any case ('inactive'); the route decides whether DELETED is allowed. */
export const toggleTargetSchema = lazySchema(() =>
  z
    .string()
    .max(20)
    .transform((value) => value.toUpperCase())
    .pipe(recordStatusSchema),
);

/** Groups also spell active and inactive as 1 and 0 (SPEC §7: status and markas). */
const GROUP_STATUS_FLAGS: ReadonlyMap<string, 'ACTIVE' | 'INACTIVE'> = new Map([
  ['1', 'ACTIVE'],
  ['0', 'INACTIVE'],
]);

/** The group list's status: 1, 0, omitted (All), or a tile value in any case (the Deleted tile sends DELETED). */
export const groupStatusFilterSchema = lazySchema(() =>
  z
    .string()
    .max(20)
    .transform((value, ctx): StatusFilter => {
      const match = GROUP_STATUS_FLAGS.get(value) ?? toStatusFilter(value);
      if (match) return match;
      ctx.addIssue({ code: 'custom', message: 'status must be 1, 0, All, ACTIVE, INACTIVE or DELETED' });
      return z.NEVER;
    }),
);

/** A group's toggle target: markas=1 (activate) or 0 (inactivate); ACTIVE and INACTIVE are accepted too. */
export const groupToggleTargetSchema = lazySchema(() =>
  z
    .string()
    .max(20)
    .transform((value, ctx): 'ACTIVE' | 'INACTIVE' => {
      const upper = value.toUpperCase();
      const match =
        GROUP_STATUS_FLAGS.get(value) ?? (upper === 'ACTIVE' || upper === 'INACTIVE' ? upper : undefined);
      if (match) return match;
      ctx.addIssue({ code: 'custom', message: 'markas must be 1 (active) or 0 (inactive)' });
      return z.NEVER;
    }),
);

/** Colours of SPEC §9: active green, inactive yellow, deleted red. */
export const STATUS_COLORS: Record<RecordStatus, string> = {
  ACTIVE: 'green',
  INACTIVE: 'yellow',
  DELETED: 'red',
};
