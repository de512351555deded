import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import {
  COUNT_CAP,
  intFromQuery,
  listQueryFields,
  MAX_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
  withDatesInOrder,
} from './lists';
import { type UrlSearchOf, urlDate, urlMatching, urlPage, urlSearch, urlText } from './url-search';

/** What an audit entry says was done (the server writes these, and the screen filters by them). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'toggle',
  'delete',
  'remove-member',
  'role.grant',
  'role.remove',
  'profile.update',
  'password.change',
  'password.reset',
  'admin.bootstrap',
] as const;

/** The audit log is listed 20 entries a page, newest first (DESIGN §8). */
export const AUDIT_PAGE_SIZE = 20;

const token = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[\w.:-]*$/, 'may use letters, digits and . _ : - only')
    .transform((value) => value || undefined)
    .optional();

/**
 * GET /admin/audit's query: the list query's skip, limit, searchphrase (action, area, record id,
 * the actor's username or email) and dates (on when it happened), and the filters actor (an
 * admin's _id or userID), entity (the area) and action.
 */
export const auditQuerySchema = lazySchema(() => {
  const fields = listQueryFields(AUDIT_PAGE_SIZE);
  return withDatesInOrder(
    z.object({
      skip: fields.skip,
      limit: intFromQuery(1, MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
      searchphrase: fields.searchphrase,
      from_date: fields.from_date,
      to_date: fields.to_date,
      actor: token(100),
      entity: token(40),
      action: token(40),
    }),
  );
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = lazySchema(() =>
  z.object({
    _id: z.string(),
    /** Who made the change: null for the system (the seed, a bootstrap) or an account since erased. */
    actor: z.object({ _id: z.string(), userID: z.string(), username: z.string() }).nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: z.string(),
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * GET /admin/audit (admins only): one page of entries, newest first, and how many match (counted up
 * to COUNT_CAP; past it `countsCapped` says the figure is a lower bound).
 */
export const auditResponseSchema = lazySchema(() =>
  z.object({
    entries: z.array(auditEntrySchema),
    searchcount: z.number().int(),
    countsCapped: z.boolean(),
  }),
);
export type AuditAnswer = z.infer<typeof auditResponseSchema>;
export { COUNT_CAP as AUDIT_COUNT_CAP };

const auditSearchFields = {
  q: urlText(MAX_SEARCH_LENGTH),
  from: urlDate,
  to: urlDate,
  entity: urlMatching(/^[\w.:-]{1,40}$/),
  action: urlMatching(/^[\w.:-]{1,40}$/),
  page: urlPage,
};
export type AuditSearch = UrlSearchOf<typeof auditSearchFields>;
const readAuditFields = urlSearch(auditSearchFields);

/** The audit screen's filters and page as they live in the panel's URL; what is not valid is dropped. */
export function readAuditSearch(input: Record<string, unknown>): AuditSearch {
  const search = readAuditFields(input);
  if (search.from && search.to && search.from > search.to) search.from = undefined;
  return search;
}
