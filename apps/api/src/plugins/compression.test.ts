import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, createTestApp, signIn, type TestContext } from '../test-support/test-app';

let context: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  context = await createTestApp();
  const admin = await createAccount(context);
  for (let i = 0; i < 8; i++) await createAccount(context, { role: 'user' });
  headers = bearer(await signIn(context, admin));
});
afterAll(async () => {
  await context?.close();
});

const USERS = '/admin/users?skip=0&limit=20&status=All&access_type=userManagement';

describe('compressed answers', () => {
  it("send a list's answer as the browser accepts, whole either way", async () => {
    const plain = await context.app.inject({ method: 'GET', url: USERS, headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [encoding, decode] of Object.entries(decoders)) {
      const response = await context.app.inject({
        method: 'GET',
        url: USERS,
        headers: { ...headers, 'accept-encoding': `${encoding}, deflate` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('leave a small answer and an error as they are', async () => {
    const small = await context.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
    const refused = await context.app.inject({
      method: 'GET',
      url: '/admin/users?skip=-1',
      headers: { ...headers, 'accept-encoding': 'br' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toHaveProperty('message');
  });
});
