import { auditResponseSchema } from '@roam/contract/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const audit = async (query = '', extra = headers) => {
  const response = await context.app.inject({ method: 'GET', url: `/admin/audit${query}`, headers: extra });
  return { status: response.statusCode, body: response.json() };
};

describe('GET /admin/audit', () => {
  it('lists the writes made, newest first, with who, what, which record and before and after', async () => {
    const user = await createAccount(context, { role: 'user' });
    const body = multipartBody({ fullname: 'Grace', lastname: 'Hopper', username: 'grace.h' });
    await context.app.inject({
      method: 'PUT',
      url: `/admin/users/update?uid=${user.id}`,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
    await context.app.inject({ method: 'POST', url: `/admin/users/disable?uid=${user.id}`, headers });

    const { status, body: answer } = await audit(`?entity=users&actor=${admin.userID}`);
    expect(status).toBe(200);
    expect(auditResponseSchema.parse(answer)).toBeTruthy();
    const [toggle, update] = answer.entries;
    expect(toggle).toMatchObject({
      action: 'toggle',
      entity: 'users',
      entityId: user.id,
      actor: { _id: admin.id, userID: admin.userID },
      before: { status: 'ACTIVE' },
      after: { status: 'INACTIVE' },
    });
    expect(update).toMatchObject({ action: 'update', entityId: user.id, after: { username: 'grace.h' } });
    expect(answer.searchcount).toBe(answer.entries.length);
    expect(answer.countsCapped).toBe(false);
  });

  it('filters by action, searches, pages, and takes dates', async () => {
    const byAction = await audit('?action=toggle');
    expect(byAction.body.entries.every((entry: { action: string }) => entry.action === 'toggle')).toBe(true);
    const searched = await audit('?searchphrase=grace');
    expect(searched.body.searchcount).toBe(0);
    const byUsername = await audit(`?searchphrase=${encodeURIComponent(admin.email.split('@')[0]!)}`);
    expect(byUsername.body.searchcount).toBeGreaterThan(0);
    const paged = await audit('?limit=1&skip=1');
    expect(paged.body.entries).toHaveLength(1);
    expect((await audit('?from_date=2999-01-01')).body.entries).toEqual([]);
    expect((await audit('?from_date=2024-02-01&to_date=2024-01-01')).status).toBe(400);
    expect((await audit('?entity=users;drop')).status).toBe(400);
  });

  it('is for admins only: a sub-admin with every permission gets 403', async () => {
    const sub = await createAccount(context, {
      role: 'sub-admin',
      permissions: { userManagement: { read: 1, write: 1, delete: 1 } },
    });
    expect((await audit('', bearer(await signIn(context, sub)))).status).toBe(403);
  });
});
