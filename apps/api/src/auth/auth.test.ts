import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_ERRORS } from '@roam/contract/auth';
import { MESSAGES } from '@roam/contract/messages';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetCodes } from '../db/schema';
import {
  bearer,
  createAccount,
  createTestApp,
  readOutbox,
  resetLinkFrom,
  signIn,
  type TestContext,
} from '../test-support/test-app';
import { RESET_MAILS_PER_HOUR } from './routes';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /auth/signin', () => {
  it('returns a bearer token pair for the right password', async () => {
    const admin = await createAccount(context);
    const response = await post('/auth/signin', {
      email: admin.email.toUpperCase(),
      password: admin.password,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThanOrEqual(43);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const admin = await createAccount(context);
    const wrong = await post('/auth/signin', { email: admin.email, password: 'Wrong@123' });
    const unknown = await post('/auth/signin', { email: 'nobody@roam.test', password: 'Wrong@123' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      statusCode: 401,
      error: AUTH_ERRORS.invalidLogin,
      message: MESSAGES.loginFailed,
    });
  });

  it('refuses an inactive account with the same answer', async () => {
    const closed = await createAccount(context, { status: 'INACTIVE' });
    const response = await post('/auth/signin', { email: closed.email, password: closed.password });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.loginFailed);
  });

  it('locks the account with 429 after repeated failures, and the right password is refused meanwhile', async () => {
    const admin = await createAccount(context);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await post('/auth/signin', { email: admin.email, password: `Wrong@${attempt}` })).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const right = await post('/auth/signin', { email: admin.email, password: admin.password });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the owner sign in from a known address while a stranger is blocked', async () => {
    const admin = await createAccount(context);
    const from = (remoteAddress: string, password: string) =>
      context.app.inject({
        method: 'POST',
        url: '/auth/signin',
        payload: { email: admin.email, password },
        remoteAddress,
      });
    expect((await from('192.0.2.50', admin.password)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 12; attempt += 1) await from('203.0.113.50', `Wrong@${attempt}`);
    const stranger = await from('203.0.113.50', admin.password);
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('192.0.2.50', admin.password)).statusCode).toBe(200);
  });

  it('names the missing field of a malformed body with 400', async () => {
    const response = await post('/auth/signin', { email: 'a@b.co' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/password/);
    const notJson = await context.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('POST /auth/token', () => {
  it('rotates the refresh token, and a replay revokes the whole family', async () => {
    const admin = await createAccount(context);
    const first = await signIn(context, admin);
    const refreshed = await post('/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const replay = await post('/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toEqual({ message: AUTH_ERRORS.invalidRefreshToken });
    // The legitimate newer token of the family is revoked too.
    const afterReplay = await post('/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: second.refresh_token,
    });
    expect(afterReplay.statusCode).toBe(400);
  });

  it('rejects an unknown token and a wrong grant type', async () => {
    expect(
      (await post('/auth/token', { grant_type: 'refresh_token', refresh_token: 'nope' })).statusCode,
    ).toBe(400);
    const wrongGrant = await post('/auth/token', { grant_type: 'password', refresh_token: 'x' });
    expect(wrongGrant.statusCode).toBe(400);
    expect(wrongGrant.json().message).toMatch(/grant_type/);
  });

  it('ends the session on sign-out', async () => {
    const admin = await createAccount(context);
    const tokens = await signIn(context, admin);
    expect((await post('/auth/signout', { refresh_token: tokens.refresh_token })).statusCode).toBe(204);
    expect(
      (await post('/auth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }))
        .statusCode,
    ).toBe(400);
  });

  it('ends the access token with its session: after sign-out and after a replay revokes the family', async () => {
    const admin = await createAccount(context);
    const me = (tokens: { access_token: string }) =>
      context.app.inject({ method: 'GET', url: '/admin/me', headers: bearer(tokens) });
    const other = await signIn(context, admin);
    const mine = await signIn(context, admin);
    expect((await me(mine)).statusCode).toBe(200);
    await post('/auth/signout', { refresh_token: mine.refresh_token });
    expect((await me(mine)).statusCode).toBe(401);
    // Another session of the same account goes on.
    expect((await me(other)).statusCode).toBe(200);

    const renewed = (
      await post('/auth/token', { grant_type: 'refresh_token', refresh_token: other.refresh_token })
    ).json();
    expect((await me(renewed)).statusCode).toBe(200);
    await post('/auth/token', { grant_type: 'refresh_token', refresh_token: other.refresh_token });
    expect((await me(renewed)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
  });
});

describe('password reset by mail', () => {
  const codeFrom = (mail: string) => resetLinkFrom(mail)?.searchParams.get('oobCode') ?? '';

  it('always confirms, mails a single-use link to an admin, and resets the password', async () => {
    const admin = await createAccount(context);
    const unknown = await post('/auth/password-reset', { email: 'ghost@roam.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe(MESSAGES.resetMailSent);

    const before = (await readOutbox(context, 0)).length;
    const known = await post('/auth/password-reset', { email: admin.email });
    expect(known.json()).toEqual(unknown.json());
    const mails = await readOutbox(context, before + 1);
    const mail = mails.find((m) => m.includes(admin.email))!;
    const link = resetLinkFrom(mail)!;
    expect(`${link.origin}${link.pathname}`).toBe('http://panel.test/reset-password');
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    expect(link.searchParams.get('lang')).toBe('en');
    const code = codeFrom(mail);
    expect(code.length).toBeGreaterThan(20);

    const check = await context.app.inject({ method: 'GET', url: `/auth/password-reset?oobCode=${code}` });
    expect(check.json()).toEqual({ email: admin.email });

    const weak = await post('/auth/password-reset/confirm', { oobCode: code, newPassword: 'lowercase1!' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain(MESSAGES.passwordCapital);

    const confirmed = await post('/auth/password-reset/confirm', {
      oobCode: code,
      newPassword: 'Brand@New9',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).not.toHaveProperty('access_token');

    const again = await post('/auth/password-reset/confirm', { oobCode: code, newPassword: 'Other@New9' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ message: AUTH_ERRORS.invalidOobCode });

    expect((await post('/auth/signin', { email: admin.email, password: admin.password })).statusCode).toBe(
      401,
    );
    expect((await post('/auth/signin', { email: admin.email, password: 'Brand@New9' })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const admin = await createAccount(context);
    const before = (await readOutbox(context, 0)).length;
    await post('/auth/password-reset', { email: admin.email });
    const mail = (await readOutbox(context, before + 1)).find((m) => m.includes(admin.email))!;
    const code = codeFrom(mail);
    await context.database.db.execute(
      (await import('drizzle-orm')).sql`update reset_codes set expires_at = now() - interval '1 minute'`,
    );
    const check = await context.app.inject({ method: 'GET', url: `/auth/password-reset?oobCode=${code}` });
    expect(check.statusCode).toBe(400);
    expect(check.json().error).toEqual({ message: AUTH_ERRORS.expiredOobCode });
  });

  it('rejects a malformed email with 400', async () => {
    const response = await post('/auth/password-reset', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(MESSAGES.emailInvalid);
  });
});

describe('POST /auth/password', () => {
  it('checks the current password and the rules, then ends the other sessions', async () => {
    const admin = await createAccount(context);
    const other = await signIn(context, admin);
    const mine = await signIn(context, admin);
    const change = (currentPassword: string, newPassword: string) =>
      post('/auth/password', { currentPassword, newPassword }, bearer(mine));

    const wrong = await change('Nope@1234', 'Fresh@1234');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MESSAGES.incorrectPassword);
    const same = await change(admin.password, admin.password);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toContain(MESSAGES.samePassword);
    const weak = await change(admin.password, 'Fresh1234');
    expect(weak.statusCode).toBe(400);

    const ok = await change(admin.password, 'Fresh@1234');
    expect(ok.statusCode).toBe(200);
    const renewed = ok.json();
    expect(renewed.message).toBe(MESSAGES.passwordUpdated);

    // The other session and the old access token have ended; the renewed pair works.
    const me = (headers: Record<string, string>) =>
      context.app.inject({ method: 'GET', url: '/admin/me', headers });
    expect((await me(bearer(other))).statusCode).toBe(401);
    expect((await me(bearer(mine))).statusCode).toBe(401);
    expect((await me(bearer(renewed))).statusCode).toBe(200);
    expect(
      (await post('/auth/token', { grant_type: 'refresh_token', refresh_token: other.refresh_token }))
        .statusCode,
    ).toBe(400);
  });

  it('needs a bearer token', async () => {
    expect((await post('/auth/password', { currentPassword: 'a', newPassword: 'b' })).statusCode).toBe(401);
  });
});

describe('reset links (issue 17 items 6 and 10)', () => {
  const codeFrom = (mail: string) => resetLinkFrom(mail)?.searchParams.get('oobCode') ?? '';
  /** The mails to one address, once there are at least `minimum` (mail goes out after the answer). */
  const mailsTo = async (email: string, minimum: number) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const mails = (await readOutbox(context, 0)).filter((mail) => mail.includes(email));
      if (mails.length >= minimum) return mails;
      await sleep(50);
    }
    throw new Error(`fewer than ${minimum} mails to ${email}`);
  };

  it('a used link ends the account’s other outstanding links', async () => {
    const admin = await createAccount(context);
    await post('/auth/password-reset', { email: admin.email });
    await post('/auth/password-reset', { email: admin.email });
    const mails = await mailsTo(admin.email, 2);
    const [first, second] = mails.map(codeFrom);
    expect(first && second && first !== second).toBe(true);
    const used = await post('/auth/password-reset/confirm', { oobCode: second, newPassword: 'Brand@New9' });
    expect(used.statusCode).toBe(200);
    const other = await post('/auth/password-reset/confirm', { oobCode: first, newPassword: 'Other@New9' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toEqual({ message: AUTH_ERRORS.invalidOobCode });
  });

  it('mails one account at most RESET_MAILS_PER_HOUR links an hour, whoever asks, with the same answer', async () => {
    const admin = await createAccount(context);
    const answers = [];
    for (let index = 0; index < RESET_MAILS_PER_HOUR + 3; index++) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/auth/password-reset',
        payload: { email: admin.email },
        remoteAddress: `10.0.0.${index + 1}`,
      });
      answers.push(response.json());
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    await mailsTo(admin.email, RESET_MAILS_PER_HOUR);
    const [row] = await context.database.db
      .select({ n: count() })
      .from(resetCodes)
      .where(eq(resetCodes.userId, admin.id));
    expect(row?.n).toBe(RESET_MAILS_PER_HOUR);
  });
});

describe('POST /auth/token under a flood (issue 17 item 9)', () => {
  it('answers an address past 60 refreshes a minute with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: string | string[] | undefined;
    for (let index = 0; index < 65; index++) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/auth/token',
        payload: { grant_type: 'refresh_token', refresh_token: `garbage-${index}` },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) retryAfter = response.headers['retry-after'];
    }
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const elsewhere = await context.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'refresh_token', refresh_token: 'garbage' },
      remoteAddress: '10.9.9.10',
    });
    expect(elsewhere.statusCode).toBe(400);
  });
});
