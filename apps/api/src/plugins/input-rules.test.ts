import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccount,
  createTestApp,
  multipartBody,
  signIn,
  type TestContext,
} from '../test-support/test-app';

let context: TestContext;
let headers: Record<string, string>;
let groupId: string;

beforeAll(async () => {
  context = await createTestApp();
  headers = bearer(await signIn(context, await createAccount(context)));
  const groups = await context.app.inject({ method: 'GET', url: '/admin/group?limit=1', headers });
  groupId = groups.json().groups[0]?._id ?? '00000000-0000-4000-8000-000000000000';
});
afterAll(async () => {
  await context?.close();
});

describe('hostile input never reaches the database as a 500', () => {
  it.each([
    ['POST', '/auth/signin', { email: 'a\u0000@b.co', password: 'x' }, 'email'],
    ['POST', '/auth/password-reset', { email: 'a\u0000@b.co' }, 'email'],
  ] as const)(
    '%s %s with a NUL byte is 400 naming the field, without a token',
    async (method, url, payload, field) => {
      const response = await context.app.inject({ method, url, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`${field}: must not contain control characters`);
    },
  );

  it.each([
    '/admin/cafe?searchphrase=%00',
    '/admin/users?searchphrase=a%01b',
    '/admin/users/profile/data?uid=a%00b',
    '/admin/city?from_date=2024-01-01%00',
  ])('GET %s is 400 naming the parameter', async (url) => {
    const response = await context.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /^(searchphrase|uid|from_date): must not contain control characters$/,
    );
  });

  it('a NUL in a path parameter or a write query is 400', async () => {
    for (const [method, url] of [
      ['PUT', '/admin/users/enable?uid=%00'],
      ['GET', '/admin/cafe/%00'],
      ['DELETE', '/admin/users/deleteuser?uid=x%00'],
    ] as const) {
      const response = await context.app.inject({ method, url, headers });
      expect(response.statusCode, url).toBe(400);
    }
  });

  it('a NUL in a multipart field of PUT /admin/me is 400 naming it', async () => {
    const body = multipartBody({ fullname: 'A\u0000', username: 'ab' });
    const response = await context.app.inject({
      method: 'PUT',
      url: '/admin/me',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('fullname: must not contain control characters');
  });

  it('keeps tabs and line breaks', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/admin/cafe?searchphrase=a%09b%0Ac',
      headers,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('prototype names are values like any other', () => {
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])(
    'markas=%s and status=%s are 400',
    async (name) => {
      const toggle = await context.app.inject({
        method: 'PUT',
        url: `/admin/group/toggle/${groupId}?markas=${name}`,
        headers,
      });
      expect(toggle.statusCode).toBe(400);
      const list = await context.app.inject({ method: 'GET', url: `/admin/group?status=${name}`, headers });
      expect(list.statusCode).toBe(400);
      const cities = await context.app.inject({ method: 'GET', url: `/admin/city?status=${name}`, headers });
      expect(cities.statusCode).toBe(400);
    },
  );
});

describe('malformed multipart', () => {
  it.each([
    [
      'no boundary',
      'multipart/form-data',
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--\r\n',
    ],
    [
      'a cut body',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA',
    ],
    ['a part without a name', 'multipart/form-data; boundary=x', '--x\r\n\r\nA\r\n--x--\r\n'],
  ])('%s is a 4xx, not a 500', async (_label, contentType, payload) => {
    for (const [method, url] of [
      ['PUT', '/admin/me'],
      ['POST', '/admin/city'],
    ] as const) {
      const response = await context.app.inject({
        method,
        url,
        payload,
        headers: { ...headers, 'content-type': contentType },
      });
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });
});
