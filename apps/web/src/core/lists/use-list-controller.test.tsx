import { STORAGE_KEYS } from '@roam/contract/auth';
import { fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeCafe, makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';
import { pageMove } from './use-list-controller';

/**
 * Paging by cursor (DESIGN §4): the next and previous pages are read from the cursors of the page
 * on screen, the last from the end, page 1 and a page typed into the URL by skip.
 */
const adminMe = makeMe({ role_type: 'admin', permissions: fullPermissions() });

/** A fake cafe list: each answer's rows are new (Cafe 1, 2, ...) and its cursors name the request. */
function serveCafes(options: { searchcount?: number; countsCapped?: boolean } = {}) {
  const lists: URLSearchParams[] = [];
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, adminMe),
    'GET /admin/cafe': ({ url }) => {
      const query = new URL(url, 'http://localhost').searchParams;
      lists.push(query);
      const from = query.get('after') ?? query.get('before') ?? `skip${query.get('skip')}`;
      return jsonResponse(200, {
        cafes: [makeCafe(lists.length)],
        searchcount: options.searchcount ?? 95,
        active: options.searchcount ?? 95,
        inactive: 0,
        deleted: 0,
        ...(options.countsCapped ? { countsCapped: true } : {}),
        nextCursor: `next-of-${from}`,
        prevCursor: query.get('skip') === '0' ? null : `prev-of-${from}`,
      });
    },
  });
  return lists;
}

/** The paging part of the last list request. */
const pagingOf = (query: URLSearchParams | undefined) => ({
  skip: query?.get('skip') ?? undefined,
  after: query?.get('after') ?? undefined,
  before: query?.get('before') ?? undefined,
});

describe('paging a list', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it('reads next and previous pages from the cursors, the last from the end, page 1 from the cache', async () => {
    const user = userEvent.setup();
    const lists = serveCafes();
    const { router } = renderApp('/cafe');
    await screen.findByRole('link', { name: 'Cafe 1' });
    expect(pagingOf(lists.at(-1))).toEqual({ skip: '0' });

    const move = async (control: string, shows: string) => {
      await user.click(screen.getByRole('button', { name: control }));
      // The page on screen is the answer to this move (not the one kept while it loads).
      await screen.findByRole('link', { name: shows });
      return { request: pagingOf(lists.at(-1)), url: router.state.location.search };
    };

    expect(await move('Next page', 'Cafe 2')).toEqual({
      request: { after: 'next-of-skip0' },
      url: { page: 2, after: 'next-of-skip0' },
    });
    expect((await move('Next page', 'Cafe 3')).request).toEqual({ after: 'next-of-next-of-skip0' });
    expect(await move('Previous page', 'Cafe 4')).toEqual({
      request: { before: 'prev-of-next-of-next-of-skip0' },
      url: { page: 2, before: 'prev-of-next-of-next-of-skip0' },
    });
    // 95 rows, 20 a page: the last is page 5, read back from the end.
    expect(await move('Page 5', 'Cafe 5')).toEqual({
      request: { before: 'end' },
      url: { page: 5, before: 'end' },
    });
    expect((await move('Previous page', 'Cafe 6')).request).toEqual({ before: 'prev-of-end' });
    // Page 1 is the unfiltered first page SPEC §4 keeps cached: shown again without a request.
    const requests = lists.length;
    const first = await move('Page 1', 'Cafe 1');
    expect(first.url).toEqual({});
    expect(lists.length).toBe(requests);
  });

  it('reads a page the URL names without a cursor by skip', async () => {
    const lists = serveCafes();
    renderApp('/cafe?page=3');
    await screen.findByRole('link', { name: 'Cafe 1' });
    expect(pagingOf(lists.at(-1))).toEqual({ skip: '40' });
  });

  it('reads a page from the cursor its URL holds (a reload), and drops the cursor when a tile is chosen', async () => {
    const user = userEvent.setup();
    const lists = serveCafes();
    const { router } = renderApp('/cafe?page=3&after=abc');
    await screen.findByRole('link', { name: 'Cafe 1' });
    expect(pagingOf(lists.at(-1))).toEqual({ after: 'abc' });

    await user.click(
      within(screen.getByRole('group', { name: 'Status' })).getByRole('button', { name: /Active/ }),
    );
    await waitFor(() => expect(pagingOf(lists.at(-1))).toEqual({ skip: '0' }));
    expect(router.state.location.search).toEqual({ status: 'ACTIVE' });
  });

  it('reads page 1 by skip when the URL holds a cursor but no page, or cursors from both sides', async () => {
    const lists = serveCafes();
    const { router } = renderApp('/cafe?after=abc&q=lis');
    await screen.findByRole('link', { name: 'Cafe 1' });
    expect(pagingOf(lists.at(-1))).toEqual({ skip: '0' });
    expect(router.state.location.search).toEqual({ q: 'lis' });

    await router.navigate({ to: '/cafe', search: { page: 4, after: 'abc', before: 'def' } as never });
    await waitFor(() => expect(lists.at(-1)?.get('skip')).toBe('60'));
    expect(pagingOf(lists.at(-1))).toEqual({ skip: '60' });
  });

  it('goes to the last page by skip while the counts are capped (its number is not the last page)', async () => {
    const user = userEvent.setup();
    const lists = serveCafes({ searchcount: 10_001, countsCapped: true });
    renderApp('/cafe?q=a');
    await screen.findByRole('link', { name: 'Cafe 1' });
    await user.click(screen.getByRole('button', { name: 'Page 501' }));
    await waitFor(() => expect(pagingOf(lists.at(-1))).toEqual({ skip: '10000' }));
  });
});

describe('pageMove', () => {
  const place = { page: 4, pageCount: 9, isCountExact: true, nextCursor: 'n', prevCursor: 'p' };
  it('takes the cursor that leads to the page, else falls back to skip', () => {
    expect(pageMove(place, 5)).toEqual({ page: 5, after: 'n', before: undefined });
    expect(pageMove(place, 3)).toEqual({ page: 3, after: undefined, before: 'p' });
    expect(pageMove(place, 9)).toEqual({ page: 9, after: undefined, before: 'end' });
    expect(pageMove(place, 1)).toEqual({ page: undefined, after: undefined, before: undefined });
    expect(pageMove(place, 7)).toEqual({ page: 7, after: undefined, before: undefined });
    expect(pageMove({ ...place, nextCursor: null }, 5)).toEqual({
      page: 5,
      after: undefined,
      before: undefined,
    });
    expect(pageMove({ ...place, isCountExact: false }, 9)).toEqual({
      page: 9,
      after: undefined,
      before: undefined,
    });
  });
});
