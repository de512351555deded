import { STORAGE_KEYS } from '@roam/contract/auth';
import type { AdminMe, City, Promo } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { emptyPermissions } from '@roam/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pickedFile, stubObjectUrls } from '../../test/fake-crop';
import { makeMe } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render-app';

// jsdom cannot run the cropper or its canvas: a stand-in reports the frame and returns a Blob.
vi.mock('react-easy-crop', () => import('../../test/fake-crop'));
vi.mock('../../core/forms/crop-image', () => import('../../test/fake-crop'));

const OAXACA: City = {
  _id: '5e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a42',
  name: 'Oaxaca',
  country: { name: 'Mexico', ISO: 'MX', currency: 'MXN' },
  imageurl: ['/uploads/oaxaca.jpg'],
  status: 'ACTIVE',
  createdAt: '2024-01-05T09:30:00.000Z',
  updatedAt: '2024-02-06T18:45:00.000Z',
};
const COFFEE: Promo = {
  _id: '3d9a1c2b-8f4e-4b7a-9c1d-2e3f4a5b6c71',
  name: 'Coffee week',
  description: 'Two coffees for the price of one',
  type: 'cafe',
  internal_url: '/cafe',
  external_url: 'https://example.com',
  city: null,
  imageurl: '/uploads/promo.jpg',
  status: 'ACTIVE',
  createdAt: '2024-03-01T10:00:00.000Z',
};
const MARKET: Promo = {
  ...COFFEE,
  _id: '3d9a1c2b-8f4e-4b7a-9c1d-2e3f4a5b6c72',
  name: 'Night market',
  description: 'Stalls open until midnight',
  type: 'shop',
  internal_url: '/shop',
  external_url: 'https://example.com/market',
  city: OAXACA._id,
};

const FIRST_LOAD = { timeout: 20_000 };

function promoAdmin(write: 0 | 1): AdminMe {
  const permissions = emptyPermissions();
  permissions.promoManagement = { read: 1, write, delete: 0 };
  permissions.cityManagement = { read: 1, write: 0, delete: 0 };
  return makeMe({ permissions });
}

/** The fake server: the admin, the promos (the created one listed once sent) and the city options. */
function servePromos(me: AdminMe, answers: { create?: () => Response; edit?: () => Response } = {}) {
  const sent: { method: string; path: string; body: FormData }[] = [];
  let listLoads = 0;
  mockFetch({
    'GET /admin/me': () => jsonResponse(200, me),
    'GET /admin/city': () =>
      jsonResponse(200, { cities: [OAXACA], searchcount: 1, active: 1, inactive: 0, deleted: 0 }),
    'GET /admin/promo': () => {
      listLoads += 1;
      const banners = sent.some((call) => call.method === 'POST') ? [MARKET, COFFEE] : [COFFEE];
      return jsonResponse(200, {
        banners,
        searchcount: banners.length,
        active: banners.length,
        inactive: 0,
        deleted: 0,
      });
    },
    'POST /admin/promo': ({ method, path, body }) => {
      sent.push({ method, path, body: body as FormData });
      return answers.create?.() ?? jsonResponse(201, { message: MESSAGES.promoCreated, promo: MARKET });
    },
    [`PUT /admin/promo/${COFFEE._id}`]: ({ method, path, body }) => {
      sent.push({ method, path, body: body as FormData });
      return (
        answers.edit?.() ??
        jsonResponse(200, {
          message: MESSAGES.editedSuccessfully,
          promo: { ...COFFEE, name: 'Coffee month' },
        })
      );
    },
  });
  return { sent, listLoads: () => listLoads };
}

describe('Promo forms', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    stubObjectUrls();
  });

  it('create: every field, a city from the search, a 16:9 image, POST multipart, toast and the new card', async () => {
    const server = servePromos(promoAdmin(1));
    renderApp('/promos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create New Promo' }, FIRST_LOAD));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Promo' }));

    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Night market');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Stalls open until midnight');
    await user.click(dialog.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Shop' }));
    await user.type(dialog.getByRole('textbox', { name: 'Internal URL' }), '/shop');
    await user.type(dialog.getByRole('textbox', { name: 'External URL' }), 'https://example.com/market');
    await user.click(dialog.getByRole('combobox', { name: 'City' }));
    await user.click(await screen.findByRole('option', { name: 'Oaxaca' }));

    await user.upload(dialog.getByLabelText('Banner image', { selector: 'input' }), pickedFile());
    const cropper = within(await screen.findByRole('dialog', { name: 'Crop image' }));
    expect(await cropper.findByTestId('crop-frame')).toHaveAttribute('data-aspect', String(16 / 9));
    await user.click(cropper.getByRole('button', { name: 'Frame the image' }));
    await user.click(cropper.getByRole('button', { name: 'Crop' }));
    await dialog.findByRole('img', { name: 'Banner image preview' });

    const loadsBefore = server.listLoads();
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(MESSAGES.promoCreated);
    expect(server.sent).toHaveLength(1);
    const body = server.sent[0]?.body;
    expect(
      Object.fromEntries([...(body?.entries() ?? [])].filter(([, value]) => typeof value === 'string')),
    ).toEqual({
      name: 'Night market',
      description: 'Stalls open until midnight',
      type: 'shop',
      internal_url: '/shop',
      external_url: 'https://example.com/market',
      city: OAXACA._id,
    });
    expect(body?.get('file')).toBeInstanceOf(File);

    expect(await screen.findByRole('article', { name: MARKET.name })).toBeInTheDocument();
    expect(server.listLoads()).toBeGreaterThan(loadsBefore);
  });

  it('create: live messages, Upload file, and a link the server refuses under its field', async () => {
    const server = servePromos(promoAdmin(1), {
      create: () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'external_url: must be an http or https link',
        }),
    });
    renderApp('/promos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create New Promo' }, FIRST_LOAD));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create New Promo' }));

    await user.click(dialog.getByRole('textbox', { name: 'Name' }));
    await user.tab();
    expect(await dialog.findByText(MESSAGES.required)).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: 'Internal URL' }), 'cafe');
    await user.tab();
    expect(await dialog.findByText('must be a path starting with /')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText(MESSAGES.uploadFile)).toBeInTheDocument();
    expect(server.sent).toHaveLength(0);

    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Night market');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Stalls');
    await user.clear(dialog.getByRole('textbox', { name: 'Internal URL' }));
    await user.type(dialog.getByRole('textbox', { name: 'Internal URL' }), '/shop');
    await user.type(dialog.getByRole('textbox', { name: 'External URL' }), 'https://example.com');
    await user.upload(dialog.getByLabelText('Banner image', { selector: 'input' }), pickedFile());
    const cropper = within(await screen.findByRole('dialog', { name: 'Crop image' }));
    await user.click(await cropper.findByRole('button', { name: 'Frame the image' }));
    await user.click(cropper.getByRole('button', { name: 'Crop' }));
    await dialog.findByRole('img', { name: 'Banner image preview' });

    await user.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: 'External URL' })).toHaveAccessibleDescription(
        'must be an http or https link',
      ),
    );
    expect(server.sent).toHaveLength(1);
  });

  it("edit: from a card's menu, filled from the promo, sent by PUT without an image unless a new one is chosen", async () => {
    const server = servePromos(promoAdmin(1));
    renderApp('/promos');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Actions for ${COFFEE.name}` }, FIRST_LOAD));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Promo' }));

    const name = dialog.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue(COFFEE.name);
    expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue(COFFEE.description);
    expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveValue('Cafe');
    expect(dialog.getByRole('textbox', { name: 'Internal URL' })).toHaveValue(COFFEE.internal_url);
    expect(dialog.getByRole('textbox', { name: 'External URL' })).toHaveValue(COFFEE.external_url);
    expect(dialog.getByRole('img', { name: 'Banner image preview' })).toHaveAttribute('src', COFFEE.imageurl);

    await user.clear(name);
    await user.type(name, 'Coffee month');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(MESSAGES.editedSuccessfully);

    expect(server.sent.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PUT /admin/promo/${COFFEE._id}`,
    ]);
    const body = server.sent[0]?.body;
    expect(body?.get('name')).toBe('Coffee month');
    expect(body?.get('type')).toBe('cafe');
    expect(body?.has('file')).toBe(false);
  });

  it('offers neither Create New Promo nor Edit without write on promos', async () => {
    servePromos(promoAdmin(0));
    renderApp('/promos');
    await screen.findByRole('article', { name: COFFEE.name }, FIRST_LOAD);
    expect(screen.queryByRole('button', { name: 'Create New Promo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Actions for ${COFFEE.name}` })).not.toBeInTheDocument();
  });
});
