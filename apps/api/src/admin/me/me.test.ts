import { existsSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@roam/contract/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cafes, friendships, shops } from '../../db/schema';
import {
  bearer,
  createAccount,
  createTestApp,
  multipartBody,
  signIn,
  type TestAccount,
  type TestContext,
} from '../../test-support/test-app';

let context: TestContext;
let admin: TestAccount;
let headers: Record<string, string>;

beforeAll(async () => {
  context = await createTestApp();
  admin = await createAccount(context);
  headers = bearer(await signIn(context, admin));
});
afterAll(async () => {
  await context?.close();
});

const getMe = async (extra: Record<string, string> = headers) =>
  context.app.inject({ method: 'GET', url: '/admin/me', headers: extra });
const putMe = (fields: Record<string, string>, file?: Parameters<typeof multipartBody>[1]) => {
  const body = multipartBody(fields, file);
  return context.app.inject({
    method: 'PUT',
    url: '/admin/me',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
};
const png = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

describe('GET /admin/me', () => {
  it('returns profile, role, status, every permission and counts', async () => {
    const response = await getMe();
    expect(response.statusCode).toBe(200);
    const me = response.json();
    expect(me.role_type).toBe('admin');
    expect(me.status).toBe('ACTIVE');
    expect(me.profile).toMatchObject({ email: admin.email, userID: admin.userID, profileURL: [] });
    expect(me.permissions.userManagement).toEqual({ read: 1, write: 1, delete: 1 });
    expect(me.counts).toEqual({ cafes: 0, friends: 0, jobs: 0, rentals: 0, shops: 0 });
  });

  it('counts what the admin owns that is not deleted, and their friends, not those of others', async () => {
    const owner = await createAccount(context);
    const other = await createAccount(context, { role: 'user' });
    const friend = await createAccount(context, { role: 'user' });
    const { db } = context.database;
    await db.insert(cafes).values([
      { userId: owner.id, name: 'Open cafe' },
      { userId: owner.id, name: 'Inactive cafe', status: 'INACTIVE' },
      { userId: owner.id, name: 'Deleted cafe', status: 'DELETED' },
      { userId: other.id, name: "Another's cafe" },
    ]);
    await db.insert(shops).values({ userId: owner.id, name: 'Shop' });
    await db.insert(friendships).values([
      { userId: owner.id, friendId: friend.id, kind: 'friend' },
      { userId: friend.id, friendId: owner.id, kind: 'friend' },
      { userId: owner.id, friendId: other.id, kind: 'blocked' },
    ]);
    const response = await getMe(bearer(await signIn(context, owner)));
    expect(response.statusCode).toBe(200);
    expect(response.json().counts).toEqual({ cafes: 2, friends: 1, jobs: 0, rentals: 0, shops: 1 });
  });

  it("returns a sub-admin's own flags", async () => {
    const sub = await createAccount(context, {
      role: 'sub-admin',
      permissions: { cityManagement: { read: 1, write: 1, delete: 0 } },
    });
    const me = (await getMe(bearer(await signIn(context, sub)))).json();
    expect(me.role_type).toBe('sub-admin');
    expect(me.permissions.cityManagement).toEqual({ read: 1, write: 1, delete: 0 });
    expect(me.permissions.userManagement).toEqual({ read: 0, write: 0, delete: 0 });
  });
});

describe('PUT /admin/me', () => {
  it('updates names and the avatar, re-encoded, and records the write', async () => {
    const response = await putMe(
      {
        fullname: 'Ada',
        lastname: 'Lovelace',
        username: 'ada.l',
        homeLocation: 'France',
        userID: admin.userID,
      },
      { name: 'face.png', type: 'image/png', data: await png() },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.editedSuccessfully });
    const me = (await getMe()).json();
    expect(me.profile).toMatchObject({
      fullname: 'Ada',
      lastname: 'Lovelace',
      username: 'ada.l',
      homeLocation: 'France',
    });
    const url: string = me.profile.profileURL[0];
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]+\.webp$/);
    expect(existsSync(path.join(context.dataDir, 'uploads', path.basename(url)))).toBe(true);
    const served = await context.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const audits = await context.database.db.select().from(auditLog);
    expect(audits.some((entry) => entry.action === 'profile.update' && entry.entityId === admin.id)).toBe(
      true,
    );
  });

  it('names a missing field with 400 and changes nothing', async () => {
    const response = await putMe({ fullname: '', username: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^fullname:/);
    expect((await getMe()).json().profile.fullname).toBe('Ada');
  });

  it('refuses a file that is not a gif, jpeg or png by its bytes with 415', async () => {
    const fake = await putMe(
      { fullname: 'Ada', username: 'ada' },
      { name: 'face.png', type: 'image/png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    );
    expect(fake.statusCode).toBe(415);
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect(
      (await putMe({ fullname: 'Ada', username: 'ada' }, { name: 'a.webp', type: 'image/webp', data: webp }))
        .statusCode,
    ).toBe(415);
  });

  it('refuses an image over 5 MB with 413', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await putMe(
      { fullname: 'Ada', username: 'ada' },
      { name: 'big.png', type: 'image/png', data: big },
    );
    expect(response.statusCode).toBe(413);
    expect((await getMe()).json().profile.username).toBe('ada.l');
  });

  it("refuses someone else's userID and a JSON body with 400", async () => {
    expect((await putMe({ fullname: 'Ada', username: 'ada', userID: 'someone-else' })).statusCode).toBe(400);
    const json = await context.app.inject({
      method: 'PUT',
      url: '/admin/me',
      payload: { fullname: 'A' },
      headers,
    });
    expect(json.statusCode).toBe(400);
  });
});

describe('GET /admin/analytics/allcount', () => {
  it('counts the records that are not deleted', async () => {
    await createAccount(context, { role: 'user', status: 'DELETED' });
    const response = await context.app.inject({ method: 'GET', url: '/admin/analytics/allcount', headers });
    expect(response.statusCode).toBe(200);
    const counts = response.json();
    expect(Object.keys(counts).sort()).toEqual(
      ['cafecount', 'citycount', 'groupcount', 'jobscount', 'rentalscount', 'shopcount', 'usercount'].sort(),
    );
    expect(counts.usercount).toBeGreaterThanOrEqual(1);
  });
});
