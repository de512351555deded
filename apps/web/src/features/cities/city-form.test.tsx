import { STORAGE_KEYS } from '@roam/contract/auth';
import type { City } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
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
const FIRST_LOAD = { timeout: 20_000 };
const list = () =>
  jsonResponse(200, { cities: [OAXACA], searchcount: 1, active: 1, inactive: 0, deleted: 0 });
const cityWriter = makeMe({
  permissions: { ...makeMe().permissions, cityManagement: { read: 1, write: 1, delete: 0 } },
});

const PUEBLA: City = {
  ...OAXACA,
  _id: '5e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a43',
  name: 'Puebla',
  imageurl: ['/uploads/puebla.jpg'],
};

/** Picks `file` in the dialog's image field, frames it and crops; returns the aspect the tool used. */
async function chooseAndCrop(user: ReturnType<typeof userEvent.setup>, dialog: ReturnType<typeof within>) {
  await user.upload(dialog.getByLabelText('City image', { selector: 'input' }), pickedFile());
  const cropper = within(await screen.findByRole('dialog', { name: 'Crop image' }));
  const aspect = (await cropper.findByTestId('crop-frame')).getAttribute('data-aspect');
  await user.click(cropper.getByRole('button', { name: 'Frame the image' }));
  await user.click(cropper.getByRole('button', { name: 'Crop' }));
  await dialog.findByRole('img', { name: 'City image preview' });
  return aspect;
}

describe('City forms', () => {
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'access');
    stubObjectUrls();
  });

  it('create: the country fills ISO and currency, the image is cropped square, POST multipart, toast, list reloaded, popup closed', async () => {
    const sent: FormData[] = [];
    let listLoads = 0;
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, cityWriter),
      'GET /admin/city': () => {
        listLoads += 1;
        const cities = sent.length > 0 ? [PUEBLA, OAXACA] : [OAXACA];
        return jsonResponse(200, {
          cities,
          searchcount: cities.length,
          active: cities.length,
          inactive: 0,
          deleted: 0,
        });
      },
      'POST /admin/city': ({ body }) => {
        sent.push(body as FormData);
        return jsonResponse(201, { message: MESSAGES.cityCreated, city: PUEBLA });
      },
    });
    renderApp('/cities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create City' }, FIRST_LOAD));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create City' }));

    await user.type(dialog.getByRole('textbox', { name: 'City Name' }), 'Puebla');
    await user.type(dialog.getByRole('combobox', { name: 'Country Name' }), 'Mexi');
    await user.click(await screen.findByRole('option', { name: 'Mexico' }));
    expect(dialog.getByRole('combobox', { name: 'Country ISO' })).toHaveValue('MX');
    expect(dialog.getByRole('combobox', { name: 'Currency' })).toHaveValue('MXN · Mexican Peso');

    expect(await chooseAndCrop(user, dialog)).toBe('1');
    const loadsBefore = listLoads;
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await dialog.findByRole('status')).toHaveTextContent(MESSAGES.cityCreated);
    expect(sent).toHaveLength(1);
    const body = sent[0];
    expect(body?.get('name')).toBe('Puebla');
    expect(body?.get('country_name')).toBe('Mexico');
    expect(body?.get('ISO')).toBe('MX');
    expect(body?.get('currency')).toBe('MXN');
    const file = body?.get('file');
    expect(file).toBeInstanceOf(File);
    expect(file instanceof File ? [file.type, file.name] : []).toEqual(['image/jpeg', 'file.jpg']);

    await screen.findByRole('button', { name: 'Puebla' });
    expect(listLoads).toBeGreaterThan(loadsBefore);
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'Create City' })).not.toBeInTheDocument(),
      {
        timeout: 10_000,
      },
    );
  });

  it('create: a server error naming a field shows under it (ISO, the image), one naming none as a toast', async () => {
    let answers = 0;
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, cityWriter),
      'GET /admin/city': list,
      'POST /admin/city': () => {
        answers += 1;
        if (answers === 1) {
          return jsonResponse(400, {
            statusCode: 400,
            error: 'Bad Request',
            message: 'ISO: does not match Mexico',
          });
        }
        if (answers === 2) {
          return jsonResponse(415, {
            statusCode: 415,
            error: 'Unsupported Media Type',
            message: 'file: not an accepted image (jpeg, png, gif, webp)',
          });
        }
        return jsonResponse(413, {
          statusCode: 413,
          error: 'Payload Too Large',
          message: 'Request body is too large',
        });
      },
    });
    renderApp('/cities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create City' }, FIRST_LOAD));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create City' }));
    await user.type(dialog.getByRole('textbox', { name: 'City Name' }), 'Puebla');
    await user.type(dialog.getByRole('combobox', { name: 'Country Name' }), 'Mexi');
    await user.click(await screen.findByRole('option', { name: 'Mexico' }));
    await chooseAndCrop(user, dialog);

    await user.click(dialog.getByRole('button', { name: 'Create' }));
    const iso = dialog.getByRole('combobox', { name: 'Country ISO' });
    await waitFor(() => expect(iso).toHaveAccessibleDescription('does not match Mexico'));

    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText('not an accepted image (jpeg, png, gif, webp)')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Create' })).toBeEnabled();

    await user.click(dialog.getByRole('button', { name: 'Create' }));
    const toast = await screen.findByText('Request body is too large');
    expect(toast.closest('[data-level]')).toHaveAttribute('data-level', 'error');
    expect(dialog.queryByText('Request body is too large')).not.toBeInTheDocument();
  });

  it('are hidden from an admin who may only read cities', async () => {
    mockFetch({
      'GET /admin/me': () =>
        jsonResponse(
          200,
          makeMe({
            permissions: { ...makeMe().permissions, cityManagement: { read: 1, write: 0, delete: 0 } },
          }),
        ),
      'GET /admin/city': list,
    });
    renderApp('/cities');
    await screen.findByRole('button', { name: 'Oaxaca' }, FIRST_LOAD);
    expect(screen.queryByRole('button', { name: 'Create City' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for Oaxaca/ })).not.toBeInTheDocument();
  });

  it('create: live messages, the spec’s toast for missing details, and Upload file', async () => {
    mockFetch({ 'GET /admin/me': () => jsonResponse(200, cityWriter), 'GET /admin/city': list });
    renderApp('/cities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create City' }, FIRST_LOAD));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create City' }));
    await user.click(dialog.getByRole('textbox', { name: 'City Name' }));
    await user.tab();
    expect(await dialog.findByText(MESSAGES.enterCityName)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(MESSAGES.fillAllDetails)).toBeInTheDocument();
    expect(await dialog.findByText(MESSAGES.uploadFile)).toBeInTheDocument();
    expect(dialog.getByText(MESSAGES.selectCountryName)).toBeInTheDocument();
  });

  it('edit: sends a PUT with the fields (no image unless a new one was cropped) and shows a 409 under the name', async () => {
    const sent: FormData[] = [];
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, cityWriter),
      'GET /admin/city': list,
      [`PUT /admin/city/${OAXACA._id}`]: ({ body }) => {
        sent.push(body as FormData);
        return sent.length === 1
          ? jsonResponse(409, {
              statusCode: 409,
              error: 'Conflict',
              message: 'name: a city named Puebla already exists in Mexico',
            })
          : jsonResponse(200, {
              message: MESSAGES.cityUpdated,
              city: { ...OAXACA, name: 'Oaxaca de Juárez' },
            });
      },
    });
    renderApp('/cities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Actions for Oaxaca/ }, FIRST_LOAD));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit City' }));
    const name = dialog.getByRole('textbox', { name: 'City Name' });
    expect(name).toHaveValue('Oaxaca');
    await user.clear(name);
    await user.type(name, 'Puebla');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('a city named Puebla already exists in Mexico')).toBeInTheDocument();
    expect(sent[0]?.get('name')).toBe('Puebla');
    expect(sent[0]?.get('country_name')).toBe('Mexico');
    expect(sent[0]?.get('ISO')).toBe('MX');
    expect(sent[0]?.has('file')).toBe(false);
    expect(sent[0]?.has('currency')).toBe(true);

    await user.clear(name);
    await user.type(name, 'Oaxaca de Juárez');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(MESSAGES.cityUpdated, { selector: '[role=status] *, [role=status]' }),
    ).toBeInTheDocument();
  });

  it('edit: a new image is cropped 16:9 and sent under file', async () => {
    const sent: FormData[] = [];
    mockFetch({
      'GET /admin/me': () => jsonResponse(200, cityWriter),
      'GET /admin/city': list,
      [`PUT /admin/city/${OAXACA._id}`]: ({ body }) => {
        sent.push(body as FormData);
        return jsonResponse(200, { message: MESSAGES.cityUpdated, city: OAXACA });
      },
    });
    renderApp('/cities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Actions for Oaxaca/ }, FIRST_LOAD));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit City' }));
    expect(dialog.getByRole('img', { name: 'City image preview' })).toHaveAttribute(
      'src',
      OAXACA.imageurl[0],
    );

    expect(await chooseAndCrop(user, dialog)).toBe(String(16 / 9));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(MESSAGES.cityUpdated);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get('file')).toBeInstanceOf(File);
    expect(sent[0]?.get('name')).toBe('Oaxaca');
  });
});
