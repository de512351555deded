import { AREA_NAMES, AREAS, listSearchSchemaOf } from '@roam/contract/areas';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listQueryOptions } from '../../core/lists/list-query';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { LIST_PATHS } from '../layout/list-paths';
import { listAreaAt } from '../layout/navigation';
import { earlyListPages } from './early-requests';

describe('the list pages asked for early', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("name, for every area's list page, the very address its list's query asks for first", async () => {
    const pages = earlyListPages();
    expect(pages.map((page) => page.area)).toEqual([...AREA_NAMES]);
    for (const page of pages) {
      expect(page.path).toBe(LIST_PATHS[page.area]);
      expect(listAreaAt(page.path)).toBe(page.area);
      const fetchMock = mockFetch(
        { [`GET /admin${AREAS[page.area].list.path}`]: () => jsonResponse(500, {}) },
        { checksContract: false },
      );
      // As the protected route prefetches it: the router's search of an address without one.
      const options = listQueryOptions(
        { area: page.area },
        listSearchSchemaOf(page.area).parse({}),
        undefined,
      );
      await new QueryClient().fetchQuery({ ...options, retry: false }).catch(() => {});
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([page.request]);
    }
  });
});
