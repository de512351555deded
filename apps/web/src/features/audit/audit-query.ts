import { AUDIT_PAGE_SIZE, type AuditSearch, auditResponseSchema } from '@roam/contract/audit';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** GET /admin/audit (DESIGN §8) for the screen's filters and page; under ['audit']. */
export function auditQueryOptions(search: AuditSearch) {
  const query = {
    skip: ((search.page ?? 1) - 1) * AUDIT_PAGE_SIZE,
    limit: AUDIT_PAGE_SIZE,
    searchphrase: search.q,
    from_date: search.from,
    to_date: search.to,
    entity: search.entity,
    action: search.action,
  };
  return queryOptions({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => apiRequest('/admin/audit', { query, schema: auditResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
