import { NOTIFICATIONS_SAVED } from '@roam/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccount,
  createTestApp,
  signIn,
  startSession,
  type TestContext,
} from '../../test-support/test-app';

let context: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  context = await createTestApp();
  headers = bearer(await signIn(context, await createAccount(context)));
});
afterAll(async () => {
  await context?.close();
});

const get = (extra = headers) =>
  context.app.inject({ method: 'GET', url: '/notifications/setting', headers: extra });
const post = (payload: object, extra = headers) =>
  context.app.inject({ method: 'POST', url: '/notifications/setting', payload, headers: extra });

describe('/notifications/setting', () => {
  it('starts from the defaults, stores a choice and returns it', async () => {
    expect((await get()).json()).toEqual({ export_ready_email: false });
    const saved = await post({ export_ready_email: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: NOTIFICATIONS_SAVED, settings: { export_ready_email: true } });
    expect((await get()).json()).toEqual({ export_ready_email: true });
    expect((await post({})).json().settings).toEqual({ export_ready_email: true });
  });

  it('refuses an unknown key and a wrong type with 400 naming it', async () => {
    const unknown = await post({ export_ready_email: true, sms: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/sms|unrecognized/i);
    const wrong = await post({ export_ready_email: 'yes' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^export_ready_email: /);
  });

  it('is for signed-in admins: 401 without a token, 403 for a user of the product', async () => {
    expect((await get({})).statusCode).toBe(401);
    const user = await createAccount(context, { role: 'user' });
    expect((await get(bearer(await startSession(context, user)))).statusCode).toBe(403);
  });

  it('keeps each admin’s own choices', async () => {
    const other = bearer(await signIn(context, await createAccount(context)));
    expect((await get(other)).json()).toEqual({ export_ready_email: false });
  });
});
