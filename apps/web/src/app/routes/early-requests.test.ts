import { AREA_NAMES, listSearchOf } from '@roam/contract/areas';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detailQueryOptions } from '../../core/details/detail-query';
import { listQueryOptions } from '../../core/lists/list-query';
import { userProfileQueryOptions } from '../../features/users/api/get-user-profile';
import { mockFetch } from '../../test/mock-fetch';
import { LIST_PATHS } from '../layout/list-paths';
import { createAppRouter } from '../router';
import { type EarlyPage, earlyPages, ID_SLOT } from './early-requests';

const ITEM_ID = '7664d5da-83a9-4778-aa20-35e3d28c0f3a';

/** The page's own first request, for the item ITEM_ID where it has one: as its route asks for it. */
function pageQuery({ page }: EarlyPage) {
  if (page.kind === 'list') {
    // As the protected route prefetches it: the router's search of an address without one.
    return listQueryOptions({ area: page.area }, listSearchOf(page.area)({}), undefined);
  }
  if (page.kind === 'detail') return detailQueryOptions(page.area, ITEM_ID);
  return userProfileQueryOptions(ITEM_ID);
}

describe('the pages asked for early', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("name every area's list page, and each names the very address its page's query asks for first", async () => {
    const pages = earlyPages();
    const lists = pages.filter((page) => page.page.kind === 'list');
    expect(lists.map((page) => page.path)).toEqual(AREA_NAMES.map((area) => LIST_PATHS[area]));
    for (const page of pages) {
      const fetchMock = mockFetch({}, { checksContract: false });
      const query = pageQuery(page);
      await new QueryClient()
        .fetchQuery({ ...(query as ReturnType<typeof userProfileQueryOptions>), retry: false })
        .catch(() => {});
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([page.request.replace(ID_SLOT, ITEM_ID)]);
    }
    expect(pages.filter((page) => page.page.kind === 'detail')).toHaveLength(5);
  });

  it("are the router's own pages, the item's id its route's", () => {
    const router = createAppRouter({ queryClient: new QueryClient() });
    const routeAt = (path: string) => router.matchRoutes(path, {}).at(-1);
    expect(routeAt('/nowhere')?.pathname).not.toBe('/nowhere');
    for (const page of earlyPages()) {
      const path = page.path.replace(ID_SLOT, ITEM_ID);
      expect(routeAt(path)?.pathname, path).toBe(path);
      expect(routeAt(path)?.params, path).toEqual(page.path.includes(ID_SLOT) ? { id: ITEM_ID } : {});
    }
  });
});
