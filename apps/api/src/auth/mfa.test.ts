import { MFA_ERRORS } from '@roam/contract/mfa';
import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, mfaFactors } from '../db/schema';
import {
  bearer,
  createAccount,
  createTestApp,
  signIn,
  type TestAccount,
  type TestContext,
} from '../test-support/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context?.close();
});

type Tokens = { access_token: string; refresh_token: string };

/** Each test calls from an address of its own: the routes' per-address rate limits stay the test's. */
let address = 0;
beforeEach(() => {
  address += 1;
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, tokens?: Tokens) =>
  context.app.inject({
    method,
    url,
    payload,
    headers: tokens ? bearer(tokens) : {},
    remoteAddress: `10.0.0.${address}`,
  });

/** The code an authenticator app shows for `secret`, `stepsAhead` periods from now. */
const codeOf = (secret: string, stepsAhead = 0) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + stepsAhead * 30_000,
  });

/** Sets up two-factor sign-in for an account through the API: its secret and recovery codes. */
async function turnOn(account: TestAccount) {
  const tokens = await signIn(context, account);
  const enrolment = (await inject('POST', '/auth/mfa/enroll', undefined, tokens)).json();
  const activated = await inject('POST', '/auth/mfa/activate', { code: codeOf(enrolment.secret) }, tokens);
  expect(activated.statusCode).toBe(200);
  return { secret: enrolment.secret as string, recovery: activated.json().recovery_codes as string[] };
}

/** The first step of a sign-in of an account that has two-factor sign-in on: its mfa_token. */
async function passwordStep(account: TestAccount): Promise<string> {
  const response = await inject('POST', '/auth/signin', { email: account.email, password: account.password });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ mfa_required: true });
  return response.json().mfa_token;
}

describe('two-factor sign-in: setting it up', () => {
  it('enrols with a secret, its otpauth URL and a QR code, and turns on only with a right code', async () => {
    const admin = await createAccount(context);
    const tokens = await signIn(context, admin);
    const other = await signIn(context, admin);

    const enrolled = await inject('POST', '/auth/mfa/enroll', undefined, tokens);
    expect(enrolled.statusCode).toBe(200);
    const { secret, otpauth_url, qr } = enrolled.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Roam%20Admin:/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    // Stored encrypted, never as the secret itself.
    const [stored] = await context.database.db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, admin.id));
    expect(stored?.secret).not.toContain(secret);
    expect((await inject('GET', '/admin/me', undefined, tokens)).json().mfa).toEqual({
      enabled: false,
      required: false,
    });

    const wrong = await inject('POST', '/auth/mfa/activate', { code: '000000' }, tokens);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(MFA_ERRORS.invalidCode);
    const malformed = await inject('POST', '/auth/mfa/activate', { code: '12ab' }, tokens);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/^code: /);

    const activated = await inject('POST', '/auth/mfa/activate', { code: codeOf(secret) }, tokens);
    expect(activated.statusCode).toBe(200);
    const body = activated.json();
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    for (const code of body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Every other session ended; the caller goes on with the new pair.
    expect((await inject('GET', '/admin/me', undefined, other)).statusCode).toBe(401);
    expect((await inject('GET', '/admin/me', undefined, tokens)).statusCode).toBe(401);
    expect((await inject('GET', '/admin/me', undefined, body)).json().mfa).toEqual({
      enabled: true,
      required: false,
    });
    expect((await inject('POST', '/auth/mfa/enroll', undefined, body)).statusCode).toBe(409);
    const audited = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mfa.enable'), eq(auditLog.entityId, admin.id)));
    expect(audited).toHaveLength(1);
  });
});

describe('two-factor sign-in: signing in', () => {
  it('asks for a code after the password, accepts a code once and a ticket once', async () => {
    const admin = await createAccount(context);
    const { secret } = await turnOn(admin);

    const ticket = await passwordStep(admin);
    const next = codeOf(secret, 1);
    const verified = await inject('POST', '/auth/mfa/verify', { mfa_token: ticket, code: next });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ token_type: 'Bearer' });
    expect((await inject('GET', '/admin/me', undefined, verified.json())).statusCode).toBe(200);

    const replayedTicket = await inject('POST', '/auth/mfa/verify', { mfa_token: ticket, code: next });
    expect(replayedTicket.statusCode).toBe(401);
    expect(replayedTicket.json().error).toBe(MFA_ERRORS.invalidMfaToken);

    // The same code again, on a new sign-in: refused (a code works once), as is an older one.
    const again = await passwordStep(admin);
    for (const code of [next, codeOf(secret)]) {
      const reused = await inject('POST', '/auth/mfa/verify', { mfa_token: again, code });
      expect(reused.statusCode).toBe(401);
      expect(reused.json().error).toBe(MFA_ERRORS.invalidCode);
    }
    const forged = await inject('POST', '/auth/mfa/verify', { mfa_token: 'forged', code: next });
    expect(forged.json().error).toBe(MFA_ERRORS.invalidMfaToken);
    const both = await inject('POST', '/auth/mfa/verify', {
      mfa_token: again,
      code: next,
      recovery_code: 'abcde-fghjk',
    });
    expect(both.statusCode).toBe(400);
  });

  it('accepts each recovery code once', async () => {
    const admin = await createAccount(context);
    const { recovery } = await turnOn(admin);
    const first = await inject('POST', '/auth/mfa/verify', {
      mfa_token: await passwordStep(admin),
      recovery_code: recovery[3]!.toUpperCase().replace('-', ''),
    });
    expect(first.statusCode).toBe(200);
    const second = await inject('POST', '/auth/mfa/verify', {
      mfa_token: await passwordStep(admin),
      recovery_code: recovery[3],
    });
    expect(second.statusCode).toBe(401);
    const other = await inject('POST', '/auth/mfa/verify', {
      mfa_token: await passwordStep(admin),
      recovery_code: recovery[4],
    });
    expect(other.statusCode).toBe(200);
  });

  it('throttles wrong codes like wrong passwords', async () => {
    const admin = await createAccount(context);
    await turnOn(admin);
    const ticket = await passwordStep(admin);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const code = String(100000 + attempt);
      statuses.push((await inject('POST', '/auth/mfa/verify', { mfa_token: ticket, code })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('turns off with a code or a recovery code, ends the other sessions, and the password alone signs in again', async () => {
    const admin = await createAccount(context);
    const { recovery } = await turnOn(admin);
    const tokens = (
      await inject('POST', '/auth/mfa/verify', {
        mfa_token: await passwordStep(admin),
        recovery_code: recovery[0],
      })
    ).json();
    const other = (
      await inject('POST', '/auth/mfa/verify', {
        mfa_token: await passwordStep(admin),
        recovery_code: recovery[1],
      })
    ).json();
    const wrongOff = await inject('DELETE', '/auth/mfa', { code: '000000' }, tokens);
    expect(wrongOff.statusCode, wrongOff.body).toBe(400);
    const off = await inject('DELETE', '/auth/mfa', { recovery_code: recovery[2] }, tokens);
    expect(off.statusCode).toBe(200);
    expect((await inject('GET', '/admin/me', undefined, other)).statusCode).toBe(401);
    expect((await inject('GET', '/admin/me', undefined, off.json())).json().mfa.enabled).toBe(false);
    const signin = await inject('POST', '/auth/signin', { email: admin.email, password: admin.password });
    expect(signin.json()).toMatchObject({ token_type: 'Bearer' });
  });
});

describe('two-factor sign-in: required per role', () => {
  it('lets an account that must set it up reach only the set-up and GET /admin/me, on every route', async () => {
    const admin = await createAccount(context);
    const adminTokens = await signIn(context, admin);
    const sub = await createAccount(context, { role: 'sub-admin' });
    const subTokens = await signIn(context, sub);

    expect(
      (await inject('PUT', '/admin/security/mfa-policy', { admin: false, 'sub-admin': true }, subTokens))
        .statusCode,
    ).toBe(403);
    expect(
      (await inject('PUT', '/admin/security/mfa-policy', { admin: false, sub: true }, adminTokens))
        .statusCode,
    ).toBe(400);
    const saved = await inject(
      'PUT',
      '/admin/security/mfa-policy',
      { admin: false, 'sub-admin': true },
      adminTokens,
    );
    expect(saved.statusCode).toBe(200);
    try {
      expect((await inject('GET', '/admin/security/mfa-policy', undefined, adminTokens)).json()).toEqual({
        admin: false,
        'sub-admin': true,
      });
      const me = await inject('GET', '/admin/me', undefined, subTokens);
      expect(me.statusCode).toBe(200);
      expect(me.json().mfa).toEqual({ enabled: false, required: true });

      const routes = context.app.routeTable.filter((route) => route.url.startsWith('/admin'));
      for (const route of routes) {
        if (route.method === 'GET' && route.url === '/admin/me') continue;
        const response = await context.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000'),
          headers: bearer(subTokens),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(response.json().error, `${route.method} ${route.url}`).toBe(MFA_ERRORS.enrollmentRequired);
      }
      expect((await inject('GET', '/notifications/setting', undefined, subTokens)).statusCode).toBe(403);
      // Admins are not concerned.
      expect((await inject('GET', '/admin/analytics/allcount', undefined, adminTokens)).statusCode).toBe(200);

      // Once set up, everything its permissions allow is open again, and it cannot be turned off.
      const enrolment = (await inject('POST', '/auth/mfa/enroll', undefined, subTokens)).json();
      const on = await inject('POST', '/auth/mfa/activate', { code: codeOf(enrolment.secret) }, subTokens);
      expect(on.statusCode).toBe(200);
      expect((await inject('GET', '/admin/analytics/allcount', undefined, on.json())).statusCode).toBe(200);
      const off = await inject(
        'DELETE',
        '/auth/mfa',
        { recovery_code: on.json().recovery_codes[0] },
        on.json(),
      );
      expect(off.statusCode).toBe(409);
      const audited = await context.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'mfa.policy'));
      expect(audited.at(-1)).toMatchObject({
        actorId: admin.id,
        before: { admin: false, 'sub-admin': false },
        after: { admin: false, 'sub-admin': true },
      });
    } finally {
      await inject('PUT', '/admin/security/mfa-policy', { admin: false, 'sub-admin': false }, adminTokens);
    }
  });

  it("resets another admin's two-factor sign-in with userManagement write, audited, ending their sessions", async () => {
    const admin = await createAccount(context);
    const adminTokens = await signIn(context, admin);
    const lost = await createAccount(context);
    const { recovery } = await turnOn(lost);
    const lostTokens = (
      await inject('POST', '/auth/mfa/verify', {
        mfa_token: await passwordStep(lost),
        recovery_code: recovery[0],
      })
    ).json();
    const reader = await createAccount(context, {
      role: 'sub-admin',
      permissions: { userManagement: { read: 1, write: 0, delete: 0 } },
    });
    const readerTokens = await signIn(context, reader);

    const url = `/admin/users/mfa/reset?uid=${lost.id}`;
    expect((await inject('POST', url, undefined, readerTokens)).statusCode).toBe(403);
    expect(
      (await inject('POST', `/admin/users/mfa/reset?uid=${admin.id}`, undefined, adminTokens)).statusCode,
    ).toBe(400);
    const reset = await inject('POST', url, undefined, adminTokens);
    expect(reset.statusCode).toBe(200);
    expect((await inject('GET', '/admin/me', undefined, lostTokens)).statusCode).toBe(401);
    expect((await inject('POST', url, undefined, adminTokens)).statusCode).toBe(404);
    const signin = await inject('POST', '/auth/signin', { email: lost.email, password: lost.password });
    expect(signin.json()).toMatchObject({ token_type: 'Bearer' });
    const audited = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mfa.reset'), eq(auditLog.entityId, lost.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.actorId).toBe(admin.id);
  });
});
