import { STORAGE_KEYS } from '@roam/contract/auth';
import { fullPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeCafe, makeMe } from '../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { onWideScreen } from '../../../test/wide-screen';
import { downloadFiltersOf } from '../../downloads/downloads';

/** Sorting the one list screen (DESIGN §4), driven through the cafe declaration and the real router. */
function serveCafes() {
  const lists: URLSearchParams[] = [];
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, makeMe({ role_type: 'admin', permissions: fullPermissions() })),
    'GET /admin/cafe': ({ url }) => {
      lists.push(new URL(url, 'http://localhost').searchParams);
      return jsonResponse(200, {
        cafes: [makeCafe(1), makeCafe(2)],
        searchcount: 50,
        active: 50,
        inactive: 0,
        deleted: 0,
      });
    },
  });
  return { lastList: () => lists.at(-1) ?? new URLSearchParams() };
}

const FIRST_LOAD = { timeout: 20_000 };
const header = (name: string) => screen.getByRole('button', { name: new RegExp(`^Sort by ${name}`) });

describe('sorting a list', () => {
  let restoreScreen: (() => void) | undefined;
  afterEach(() => restoreScreen?.());
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it("makes exactly the area's sortable columns sortable, none marked in the default order", async () => {
    // The headers sort on a wide screen; below `sm` the rows are cards and the Sort by select does.
    restoreScreen = onWideScreen();
    const fake = serveCafes();
    renderApp('/cafe');
    await screen.findByRole('link', { name: 'Cafe 1' }, FIRST_LOAD);
    const table = screen.getByRole('table');
    const sortable = within(table)
      .getAllByRole('button', { name: /^Sort by / })
      .map((cell) => cell.getAttribute('data-accessor'));
    // The cafe list's name, created date and status; not its city, timings or contact.
    expect(sortable).toEqual(['name', 'createdAt', 'status']);
    expect(within(table).queryByRole('img', { name: /^Sorted/ })).not.toBeInTheDocument();
    expect(fake.lastList().get('sort')).toBeNull();
  });

  it('puts a header click in the URL and the request, from page 1 with the filters kept; a second click reverses it', async () => {
    restoreScreen = onWideScreen();
    const user = userEvent.setup();
    const fake = serveCafes();
    const { router } = renderApp('/cafe?q=lis&page=2');
    await screen.findByRole('link', { name: 'Cafe 1' }, FIRST_LOAD);
    expect(fake.lastList().get('skip')).toBe('20');

    await user.click(header('Name'));
    await waitFor(() => expect(fake.lastList().get('sort')).toBe('name'));
    expect(router.state.location.search).toEqual({ q: 'lis', sort: 'name' });
    expect(fake.lastList().get('skip')).toBe('0');
    expect(fake.lastList().get('searchphrase')).toBe('lis');
    expect(within(header('Name')).getByRole('img', { name: 'Sorted ascending' })).toBeInTheDocument();

    await user.click(header('Name'));
    await waitFor(() => expect(fake.lastList().get('sort')).toBe('-name'));
    expect(router.state.location.search).toEqual({ q: 'lis', sort: '-name' });
    expect(within(header('Name')).getByRole('img', { name: 'Sorted descending' })).toBeInTheDocument();

    // Another column starts ascending; the Status column sorts too.
    await user.click(header('Status'));
    await waitFor(() => expect(fake.lastList().get('sort')).toBe('status'));
  });

  it("drops an order that is not the area's from the URL, never failing", async () => {
    const fake = serveCafes();
    const { router } = renderApp('/cafe?sort=username&q=lis');
    await screen.findByRole('link', { name: 'Cafe 1' }, FIRST_LOAD);
    expect(fake.lastList().get('sort')).toBeNull();
    expect(router.state.location.search).toEqual({ q: 'lis' });
  });

  it('sorts from the Sort by select too (narrow screens), and back to newest first', async () => {
    const user = userEvent.setup();
    const fake = serveCafes();
    const { router } = renderApp('/cafe?page=3');
    await screen.findByRole('link', { name: 'Cafe 1' }, FIRST_LOAD);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Created at, ascending');
    await waitFor(() => expect(fake.lastList().get('sort')).toBe('createdAt'));
    expect(router.state.location.search).toEqual({ sort: 'createdAt' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest first');
    await waitFor(() => expect(fake.lastList().get('sort')).toBeNull());
    expect(router.state.location.search).toEqual({});
  });

  it("leaves the order out of a download's filters: a download keeps its own order", () => {
    expect(downloadFiltersOf({ skip: 0, limit: 20, sort: '-name', searchphrase: 'lis' })).toEqual({
      searchphrase: 'lis',
    });
  });
});
