import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@roam/contract/messages';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cities, users } from '../../db/schema';
import {
  bearer,
  createAccount,
  createTestApp,
  type MultipartFile,
  multipartBody,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test-support/test-app';

let context: TestContext;
let admin: TestAccount;
let headers: Record<string, string>;
let uploadsDir: string;
let mexicoCity: string;

beforeAll(async () => {
  context = await createTestApp();
  admin = await createAccount(context);
  headers = bearer(await signIn(context, admin));
  uploadsDir = path.join(context.dataDir, 'uploads');
  const [city] = await context.database.db
    .insert(cities)
    .values({ name: 'Oaxaca', countryName: 'Mexico', countryIso: 'MX', currency: 'MXN' })
    .returning({ id: cities.id });
  mexicoCity = city!.id;
});
afterAll(async () => {
  await context?.close();
});

const image = async (width = 320, height = 180, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    [format]()
    .toBuffer();
const png = async (name = 'photo.png', field = 'file'): Promise<MultipartFile> => ({
  name,
  type: 'image/png',
  data: await image(),
  field,
});

const send = (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  files?: MultipartFile | MultipartFile[],
) => {
  const body = multipartBody(fields, files);
  return context.app.inject({ method, url, payload: body.payload, headers: { ...headers, ...body.headers } });
};
const uploads = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);
const fileOf = (url: string) => path.join(uploadsDir, path.basename(url));
const cityCount = async () =>
  (await context.app.inject({ method: 'GET', url: '/admin/city', headers })).json().searchcount as number;

const CITY = { name: 'Lisbon', country_name: 'Portugal', ISO: 'PT', currency: '' };

describe('POST /admin/city', () => {
  it('creates a city with its canonical country, the country’s currency and its image, and records it', async () => {
    const before = await cityCount();
    const response = await send('POST', '/admin/city', CITY, await png());
    expect(response.statusCode).toBe(201);
    const { message, city } = response.json();
    expect(message).toBe(MESSAGES.cityCreated);
    expect(city).toMatchObject({
      name: 'Lisbon',
      country: { name: 'Portugal', ISO: 'PT', currency: 'EUR' },
      status: 'ACTIVE',
    });
    expect(city.imageurl).toHaveLength(1);
    expect(existsSync(fileOf(city.imageurl[0]))).toBe(true);
    expect(await cityCount()).toBe(before + 1);
    const [entry] = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cities'), eq(auditLog.entityId, city._id)));
    expect(entry).toMatchObject({ action: 'create', actorId: admin.id });
  });

  it.each([
    [{ ...CITY, name: ' ' }, `name: ${MESSAGES.enterCityName}`],
    [{ ...CITY, country_name: '' }, `country_name: ${MESSAGES.selectCountryName}`],
    [{ ...CITY, ISO: 'ES' }, 'ISO: does not match Portugal'],
    [{ ...CITY, ISO: 'XX' }, 'ISO: is not an ISO 3166-1 alpha-2 code'],
    [{ ...CITY, currency: 'EURO' }, 'currency: must be at most 3 characters'],
    [{ ...CITY, currency: 'ABC' }, 'currency: is not an ISO 4217 currency code'],
  ])('refuses %o with 400 "%s", storing nothing', async (fields, message) => {
    const [files, count] = [uploads(), await cityCount()];
    const response = await send(
      'POST',
      '/admin/city',
      { ...fields, name: fields.name === 'Lisbon' ? 'Porto' : fields.name },
      await png(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(uploads()).toEqual(files);
    expect(await cityCount()).toBe(count);
  });

  it('needs an image', async () => {
    const response = await send('POST', '/admin/city', { ...CITY, name: 'Braga' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`file: ${MESSAGES.uploadFile}`);
  });

  it('refuses a text file named .png and an SVG (415), an image over 5 MB (413) and a pixel bomb, storing nothing', async () => {
    const [files, count] = [uploads(), await cityCount()];
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const big = Buffer.concat([await image(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const cases: [MultipartFile, number][] = [
      [{ name: 'a.png', type: 'image/png', data: Buffer.from('just some text') }, 415],
      [{ name: 'a.svg', type: 'image/svg+xml', data: svg }, 415],
      [{ name: 'big.png', type: 'image/png', data: big }, 413],
      [{ name: 'bomb.png', type: 'image/png', data: bomb }, 415],
    ];
    for (const [file, status] of cases) {
      const response = await send('POST', '/admin/city', { ...CITY, name: 'Faro' }, file);
      expect(response.statusCode, file.name).toBe(status);
      expect(response.json().message, file.name).toMatch(/^file: /);
    }
    expect(uploads()).toEqual(files);
    expect(await cityCount()).toBe(count);
  });

  it('refuses the same name in the same country (any case) with 409, but not in another country', async () => {
    const files = uploads();
    const duplicate = await send('POST', '/admin/city', { ...CITY, name: 'LISBON' }, await png());
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('name: a city named LISBON already exists in Portugal');
    expect(uploads()).toEqual(files);
    const elsewhere = await send(
      'POST',
      '/admin/city',
      { name: 'Lisbon', country_name: 'United States of America', ISO: 'US' },
      await png(),
    );
    expect(elsewhere.statusCode).toBe(201);
  });
});

describe('PUT /admin/city/:id', () => {
  const create = async (name: string) =>
    (await send('POST', '/admin/city', { ...CITY, name }, await png())).json().city as {
      _id: string;
      imageurl: string[];
    };

  it('writes only what changed, and says so when nothing did', async () => {
    const city = await create('Coimbra');
    const same = await send('PUT', `/admin/city/${city._id}`, { ...CITY, name: 'Coimbra' });
    expect(same.json()).toEqual({ message: MESSAGES.noChanges });

    const renamed = await send('PUT', `/admin/city/${city._id}`, { ...CITY, name: 'Coimbra Centro' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().message).toBe(MESSAGES.cityUpdated);
    expect(renamed.json().city).toMatchObject({ name: 'Coimbra Centro', imageurl: city.imageurl });
    const [entry] = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, city._id), eq(auditLog.action, 'update')));
    expect(entry?.after).toEqual({ name: 'Coimbra Centro' });
  });

  it('replaces the image and removes the old file', async () => {
    const city = await create('Aveiro');
    const response = await send('PUT', `/admin/city/${city._id}`, { ...CITY, name: 'Aveiro' }, await png());
    const updated = response.json().city;
    expect(updated.imageurl).toHaveLength(1);
    expect(updated.imageurl[0]).not.toBe(city.imageurl[0]);
    expect(existsSync(fileOf(city.imageurl[0]!))).toBe(false);
    expect(existsSync(fileOf(updated.imageurl[0]))).toBe(true);
  });

  it('answers 404 for an unknown city and 409 for a deleted one, storing no file', async () => {
    const files = uploads();
    const unknown = await send('PUT', '/admin/city/00000000-0000-4000-8000-000000000000', CITY, await png());
    expect(unknown.statusCode).toBe(404);
    const city = await create('Evora');
    await context.app.inject({ method: 'DELETE', url: `/admin/city/${city._id}`, headers });
    const filesNow = uploads();
    const deleted = await send('PUT', `/admin/city/${city._id}`, { ...CITY, name: 'Evora' }, await png());
    expect(deleted.statusCode).toBe(409);
    expect(uploads()).toEqual(filesNow);
    expect(files.length).toBeLessThan(filesNow.length);
  });
});

const doc = (...content: unknown[]) => JSON.stringify({ type: 'doc', content });
const paragraph = (text: string, marks?: unknown[]) => ({
  type: 'paragraph',
  content: [{ type: 'text', text, ...(marks ? { marks } : {}) }],
});
const RICH = doc(
  { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Route' }] },
  paragraph('Start early', [{ type: 'bold' }]),
  paragraph('Map', [{ type: 'link', attrs: { href: 'https://example.com/map', target: '_blank' } }]),
  {
    type: 'bulletList',
    content: [{ type: 'listItem', content: [paragraph('Water')] }],
  },
);

describe('POST and PUT /admin/explore', () => {
  const explore = () => ({ title: 'Hike to Hierve el Agua', body: RICH, cityID: mexicoCity });

  it('creates a thing to do with its document and images, then reorders, adds and drops images', async () => {
    const created = await send('POST', '/admin/explore', explore(), [
      await png('a.png', 'files'),
      await png('b.png', 'files'),
    ]);
    expect(created.statusCode).toBe(201);
    const item = created.json().explore;
    expect(created.json().message).toBe(MESSAGES.exploreCreated);
    expect(item).toMatchObject({ title: 'Hike to Hierve el Agua', cityID: mexicoCity, city: 'Oaxaca' });
    expect(item.body).toEqual(JSON.parse(RICH));
    expect(item.imageurl).toHaveLength(2);
    const [first, second] = item.imageurl as string[];

    const edited = await send(
      'PUT',
      `/admin/explore/${item._id}`,
      { ...explore(), imageurl: JSON.stringify(['new:0', second]) },
      await png('c.png', 'files'),
    );
    expect(edited.json().message).toBe(MESSAGES.exploreUpdated);
    const images = edited.json().explore.imageurl as string[];
    expect(images).toHaveLength(2);
    expect(images[1]).toBe(second);
    expect(existsSync(fileOf(first!))).toBe(false);
    expect(existsSync(fileOf(images[0]!))).toBe(true);
  });

  it('changes the status through an edit, and a status resent unchanged is no change', async () => {
    const item = (await send('POST', '/admin/explore', explore(), await png('a.png', 'files'))).json()
      .explore;
    const inactive = await send('PUT', `/admin/explore/${item._id}`, { ...explore(), status: 'INACTIVE' });
    expect(inactive.json().explore.status).toBe('INACTIVE');
    const again = await send('PUT', `/admin/explore/${item._id}`, { ...explore(), status: 'INACTIVE' });
    expect(again.json()).toEqual({ message: MESSAGES.noChanges });
  });

  it.each([
    [
      { body: doc(paragraph('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])) },
      'body: content[0].content[0].marks[0]: a link must be http, https or mailto',
    ],
    [{ body: doc({ type: 'iframe' }) }, 'body: content[0]: iframe is not an allowed node'],
    [{ body: '{"type":' }, 'body: must be a JSON document'],
    [{ cityID: '00000000-0000-4000-8000-000000000000' }, 'cityID: no such city'],
    [{ title: '' }, `title: ${MESSAGES.enterTitle}`],
  ])('refuses %o with 400 "%s", storing nothing', async (change, message) => {
    const files = uploads();
    const response = await send(
      'POST',
      '/admin/explore',
      { ...explore(), ...change },
      await png('a.png', 'files'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(uploads()).toEqual(files);
  });

  it('needs 1 to 10 images', async () => {
    const none = await send('POST', '/admin/explore', explore());
    expect(none.json().message).toBe(`files: ${MESSAGES.uploadFile}`);
    const files = uploads();
    const eleven = await Promise.all(Array.from({ length: 11 }, (_, index) => png(`${index}.png`, 'files')));
    const tooMany = await send('POST', '/admin/explore', explore(), eleven);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('files: at most 10 image(s)');
    expect(uploads()).toEqual(files);
  });
});

describe('POST and PUT /admin/promo', () => {
  const PROMO = {
    name: 'Coffee week',
    description: 'Two for one',
    type: 'cafe',
    internal_url: '/cafe',
    external_url: 'https://example.com/coffee',
  };

  it('creates a banner and edits it', async () => {
    const created = await send('POST', '/admin/promo', { ...PROMO, city: mexicoCity }, await png());
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(MESSAGES.promoCreated);
    const promo = created.json().promo;
    expect(promo).toMatchObject({
      name: 'Coffee week',
      type: 'cafe',
      city: mexicoCity,
      internal_url: '/cafe',
    });
    const edited = await send('PUT', `/admin/promo/${promo._id}`, {
      ...PROMO,
      name: 'Coffee month',
      city: '',
    });
    expect(edited.json().message).toBe(MESSAGES.editedSuccessfully);
    expect(edited.json().promo).toMatchObject({ name: 'Coffee month', city: null, imageurl: promo.imageurl });
  });

  it.each([
    [{ external_url: 'javascript:alert(1)' }, 'external_url: must be an http or https link'],
    [{ internal_url: 'https://elsewhere.example' }, 'internal_url: must be a path starting with /'],
    [{ type: 'hotel' }, 'type: must be one of cafe, shop, explore, job, rental'],
    [{ city: '00000000-0000-4000-8000-000000000000' }, 'city: no such city'],
  ])('refuses %o with 400 "%s"', async (change, message) => {
    const response = await send('POST', '/admin/promo', { ...PROMO, ...change }, await png());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('PUT /admin/users/update', () => {
  it('edits names and home location, refuses a taken username (409), and says when nothing changed', async () => {
    const user = await createAccount(context, { role: 'user' });
    const other = await createAccount(context, { role: 'user' });
    const [otherRow] = await context.database.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, other.id));
    const url = `/admin/users/update?uid=${user.id}`;
    const fields = { fullname: 'Rosa', lastname: 'Parks', username: 'rosa.p', homeLocation: 'Montgomery' };

    const response = await send('PUT', url, fields);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.editedSuccessfully);
    const [row] = await context.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      fullname: 'Rosa',
      lastname: 'Parks',
      username: 'rosa.p',
      homeLocation: 'Montgomery',
    });

    expect((await send('PUT', url, fields)).json().message).toBe(MESSAGES.noChanges);
    const taken = await send('PUT', url, { ...fields, username: otherRow!.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('username: this username is taken');
    const bad = await send('PUT', url, { ...fields, username: 'has space' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^username: /);
    const unknown = await send('PUT', '/admin/users/update?uid=00000000-0000-4000-8000-000000000000', fields);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('a read-only sub-admin gets 403 on every create and edit', async () => {
    const reader = await createAccount(context, {
      role: 'sub-admin',
      permissions: {
        cityManagement: { read: 1, write: 0, delete: 0 },
        exploreManagement: { read: 1, write: 0, delete: 0 },
        promoManagement: { read: 1, write: 0, delete: 0 },
        userManagement: { read: 1, write: 0, delete: 0 },
      },
    });
    const readerHeaders = bearer(await signIn(context, reader));
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', '/admin/city'],
      ['PUT', `/admin/city/${id}`],
      ['POST', '/admin/explore'],
      ['PUT', `/admin/explore/${id}`],
      ['POST', '/admin/promo'],
      ['PUT', `/admin/promo/${id}`],
      ['PUT', `/admin/users/update?uid=${id}`],
    ] as const) {
      const body = multipartBody(CITY, await png());
      const response = await context.app.inject({
        method,
        url,
        payload: body.payload,
        headers: { ...readerHeaders, ...body.headers },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('OpenAPI', () => {
  it('describes every create and edit body as multipart with its fields and files', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const [url, method, fields] of [
      ['/admin/city', 'post', ['name', 'country_name', 'ISO', 'currency', 'file']],
      ['/admin/city/{id}', 'put', ['name', 'country_name', 'ISO', 'file']],
      ['/admin/explore', 'post', ['title', 'body', 'cityID', 'files']],
      ['/admin/explore/{id}', 'put', ['title', 'body', 'cityID', 'status', 'imageurl', 'files']],
      [
        '/admin/promo',
        'post',
        ['name', 'description', 'type', 'internal_url', 'external_url', 'city', 'file'],
      ],
      ['/admin/promo/{id}', 'put', ['name', 'type', 'file']],
      ['/admin/users/update', 'put', ['fullname', 'lastname', 'username', 'homeLocation']],
    ] as const) {
      const body = document.paths[url]?.[method]?.requestBody?.content?.['multipart/form-data']?.schema;
      expect(body, `${method} ${url}`).toBeDefined();
      const text = JSON.stringify(body);
      for (const field of fields) expect(text, `${method} ${url} ${field}`).toContain(`"${field}"`);
    }
  });
});
