import type { ListSearch } from '@roam/contract/lists';

/**
 * A list's filters, tile and page live in the URL (SPEC §4, DESIGN §2), checked by the contract's
 * listSearchOf (its area's) on every list route: a hand-edited URL never sends a bad query.
 */
export type { ListSearch };

/** Whether the view is a status's unfiltered first page: the one SPEC §4 keeps cached. */
export function isDefaultView(search: ListSearch): boolean {
  return !search.q && !search.from && !search.to && !search.city && !search.type && !search.page;
}
