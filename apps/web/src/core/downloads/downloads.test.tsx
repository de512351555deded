import { STORAGE_KEYS } from '@roam/contract/auth';
import type { Download } from '@roam/contract/downloads';
import { MESSAGES } from '@roam/contract/messages';
import { emptyPermissions, fullPermissions } from '@roam/contract/permissions';
import { CHANGED_EVENT, DOWNLOAD_EVENT, PROGRESS_EVENT } from '@roam/contract/socket';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureRealtime } from '../../lib/realtime';
import { createFakeSocket } from '../../test/fake-socket';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';

const PK = '11111111-1111-4111-8111-111111111111';

function city(index: number) {
  return {
    _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `City ${index}`,
    country: { name: 'Portugal', ISO: 'PT', currency: 'EUR' },
    imageurl: [],
    status: 'ACTIVE',
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
  };
}

function download(overrides: Partial<Download> = {}): Download {
  return {
    pk: PK,
    title: 'City 24-11-2026',
    module: 'cityManagement',
    type: 'csv',
    state: 'queued',
    done: 0,
    total: 0,
    url: null,
    expires: null,
    message: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

/** A fake server with two cities; `lists` counts the list loads, `downloads` is what it lists. */
function serve(options: { me?: ReturnType<typeof makeMe>; downloads?: Download[] } = {}) {
  const fake = { lists: 0, downloads: options.downloads ?? [] };
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, options.me ?? makeMe({ permissions: fullPermissions() })),
    'GET /admin/city': () => {
      fake.lists += 1;
      return jsonResponse(200, {
        cities: [city(1), city(2)],
        searchcount: 2,
        active: 2,
        inactive: 0,
        deleted: 0,
      });
    },
    'GET /admin/downloads': () => jsonResponse(200, { downloads: fake.downloads }),
  });
  return fake;
}

describe('downloads', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    localStorage.setItem(STORAGE_KEYS.refresh, 'refresh');
  });

  it("asks for the list's rows with its filters, shows the job's progress and announces its end", async () => {
    const user = userEvent.setup();
    const fake = serve();
    const server = createFakeSocket(() => {
      fake.downloads = [download()];
      return { status: 202, download: download() };
    });
    configureRealtime({ createSocket: async () => server.socket });
    renderApp('/cities?q=lis&status=ACTIVE&from=2025-01-01');
    await screen.findByText('City 1');

    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('All 2 matching rows')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));

    await waitFor(() => expect(server.emitted).toHaveLength(1));
    expect(server.emitted[0]).toEqual({
      event: DOWNLOAD_EVENT,
      payload: {
        module: 'cityManagement',
        type: 'csv',
        ids: [],
        filters: { status: 'ACTIVE', searchphrase: 'lis', from_date: '2025-01-01' },
      },
    });
    // The header's list opens on its own, with the job in it.
    await screen.findByRole('list', { name: 'Downloads' });
    expect(screen.getByRole('button', { name: 'Downloads, 1 running' })).toBeInTheDocument();

    act(() => server.serverEmits(PROGRESS_EVENT, { pk: PK, done: 1, total: 2 }));
    expect(await screen.findByRole('progressbar', { name: 'City 24-11-2026: 50%' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Downloads' });
    expect(within(list).getByText(/1 of 2 rows/)).toBeInTheDocument();

    act(() =>
      server.serverEmits(DOWNLOAD_EVENT, {
        status: 200,
        pk: PK,
        url: `/downloads/${PK}/city.csv?Expires=9999999999&Signature=abc`,
        expires: 9_999_999_999,
      }),
    );
    expect(await screen.findByText(MESSAGES.downloadSuccessful)).toBeInTheDocument();
    expect(await within(list).findByRole('link', { name: 'Download City 24-11-2026' })).toHaveAttribute(
      'href',
      `/downloads/${PK}/city.csv?Expires=9999999999&Signature=abc`,
    );
    expect(screen.getByRole('button', { name: 'Downloads' })).toBeInTheDocument();
  });

  it('sends the selected rows only, and shows a refusal as a toast', async () => {
    const user = userEvent.setup();
    const server = createFakeSocket(() => ({ status: 403, message: MESSAGES.noAccess }));
    configureRealtime({ createSocket: async () => server.socket });
    serve();
    renderApp('/cities');
    await screen.findByText('City 2');

    await user.click(screen.getByRole('checkbox', { name: 'Select City 2' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('1 selected rows')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Excel (XLSX)' }));

    await waitFor(() => expect(server.emitted).toHaveLength(1));
    expect(server.emitted[0]?.payload).toMatchObject({
      type: 'xlsx',
      ids: ['00000000-0000-4000-8000-000000000002'],
    });
    expect(await screen.findByText(MESSAGES.noAccess)).toBeInTheDocument();
  });

  it("lists the admin's downloads: title cut at 18 characters, link until it expires, then 'Expired', failures", async () => {
    const user = userEvent.setup();
    configureRealtime({ createSocket: null });
    const past = Math.floor(Date.now() / 1000) - 60;
    serve({
      downloads: [
        download({
          pk: '22222222-2222-4222-8222-222222222222',
          title: 'Store and Shop 24-11-2026',
          type: 'xlsx',
          state: 'done',
          url: '/downloads/x/shops.xlsx?Expires=9999999999&Signature=a',
          expires: 9_999_999_999,
        }),
        download({ state: 'done', url: '/downloads/y/city.csv?Expires=1&Signature=b', expires: past }),
        download({
          pk: '33333333-3333-4333-8333-333333333333',
          state: 'failed',
          type: 'pdf',
          message: 'The server stopped while it ran',
        }),
      ],
    });
    renderApp('/cities');
    await screen.findByText('City 1');
    await user.click(screen.getByRole('button', { name: 'Downloads' }));
    const list = await screen.findByRole('list', { name: 'Downloads' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByText('Store and Shop 24-…')).toHaveAttribute(
      'title',
      'Store and Shop 24-11-2026',
    );
    expect(within(items[0] as HTMLElement).getByRole('link', { name: /Download Store/ })).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Expired')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByText('The server stopped while it ran')).toBeInTheDocument();
  });

  it('reloads an open list when the server says its area changed, not for another area', async () => {
    const server = createFakeSocket(() => undefined);
    configureRealtime({ createSocket: async () => server.socket });
    const fake = serve({
      me: makeMe({
        permissions: { ...emptyPermissions(), cityManagement: { read: 1, write: 0, delete: 0 } },
      }),
    });
    renderApp('/cities');
    await screen.findByText('City 1');
    await waitFor(() => expect(server.listens(CHANGED_EVENT)).toBe(true));
    const loads = fake.lists;

    act(() => server.serverEmits(CHANGED_EVENT, { area: 'cafes', ids: ['x'], action: 'toggle' }));
    act(() => server.serverEmits(CHANGED_EVENT, { area: 'cities', ids: ['x'], action: 'toggle' }));
    await waitFor(() => expect(fake.lists).toBe(loads + 1));
  });
});
