import { MESSAGES } from '@roam/contract/messages';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAtProvider, startTestProvider, type TestProvider } from '../test-support/oidc-provider';
import {
  bearer,
  createAccount,
  createTestApp,
  signIn,
  type TestAccount,
  type TestContext,
} from '../test-support/test-app';

/**
 * Social sign-in against a real OpenID Connect provider (oidc-provider on a loopback port): the
 * browser's part (the provider's login and consent pages) is played by following its redirects.
 */
const PANEL = 'http://panel.test';
let context: TestContext;
let provider: TestProvider;
let admin: TestAccount;
let member: TestAccount;
let secondFactor: TestAccount;

beforeAll(async () => {
  provider = await startTestProvider({
    redirectUris: [`${PANEL}/auth/oidc/google/callback`],
    accounts: {
      admin: { email: 'social.admin@roam.test', verified: true },
      unverified: { email: 'social.admin@roam.test', verified: false },
      member: { email: 'social.member@roam.test', verified: true },
      twofactor: { email: 'social.2fa@roam.test', verified: true },
      stranger: { email: 'nobody@roam.test', verified: true },
    },
  });
  context = await createTestApp({
    OIDC_GOOGLE_ISSUER: provider.issuer,
    OIDC_GOOGLE_CLIENT_ID: provider.clientId,
    OIDC_GOOGLE_CLIENT_SECRET: provider.clientSecret,
  });
  admin = await createAccount(context, { email: 'social.admin@roam.test' });
  member = await createAccount(context, { role: 'user', email: 'social.member@roam.test' });
  secondFactor = await createAccount(context, { email: 'social.2fa@roam.test' });
});
afterAll(async () => {
  await context?.close();
  await provider?.close();
});

/**
 * GET /auth/oidc/google, the provider's pages as `login`, then the callback with the cookie the
 * first step set: where the callback sends the browser back to on the panel.
 */
async function socialSignIn(login: string, tamper?: (callback: URL) => void) {
  const start = await context.app.inject({ method: 'GET', url: '/auth/oidc/google' });
  expect(start.statusCode).toBe(302);
  const setCookie = String(start.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  const authorization = new URL(String(start.headers.location));
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  const callback = await signInAtProvider(authorization.href, login, `${PANEL}/auth/oidc/google/callback`);
  tamper?.(callback);
  const back = await context.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: setCookie.split(';')[0]! },
  });
  expect(back.statusCode).toBe(302);
  return new URL(String(back.headers.location));
}

const exchange = (code: string) =>
  context.app.inject({ method: 'POST', url: '/auth/oidc/exchange', payload: { code } });

describe('social sign-in', () => {
  it('lists the three providers, configured or not', async () => {
    const answer = await context.app.inject({ method: 'GET', url: '/auth/oidc/providers' });
    expect(answer.json()).toEqual({
      providers: [
        { id: 'google', name: 'Google', configured: true },
        { id: 'facebook', name: 'Facebook', configured: false },
        { id: 'apple', name: 'Apple', configured: false },
      ],
    });
    const unconfigured = await context.app.inject({ method: 'GET', url: '/auth/oidc/facebook' });
    expect(new URL(String(unconfigured.headers.location)).searchParams.get('oidc_error')).toBe(
      'not_configured',
    );
  });

  it('signs an active admin in by their verified email, through a one-time code that works once', async () => {
    const back = await socialSignIn('admin');
    expect(back.origin).toBe(PANEL);
    expect(back.searchParams.has('access_token')).toBe(false);
    const code = back.searchParams.get('oidc_code');
    expect(code).toBeTruthy();

    const tokens = await exchange(code!);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toMatchObject({ token_type: 'Bearer' });
    const me = await context.app.inject({ method: 'GET', url: '/admin/me', headers: bearer(tokens.json()) });
    expect(me.json().profile.email).toBe(admin.email);

    const replayed = await exchange(code!);
    expect(replayed.statusCode).toBe(400);
  });

  it("refuses an unverified email, an ordinary user ('You are not Admin') and an unknown one", async () => {
    expect((await socialSignIn('unverified')).searchParams.get('oidc_error')).toBe('unverified');
    expect((await socialSignIn('member')).searchParams.get('oidc_error')).toBe('not_admin');
    expect((await socialSignIn('stranger')).searchParams.get('oidc_error')).toBe('not_admin');
    expect(member.email).toBe('social.member@roam.test');
    expect(MESSAGES.notAdmin).toBe('You are not Admin');
  });

  it('refuses a tampered state and a callback without the browser cookie', async () => {
    const tampered = await socialSignIn('admin', (callback) => callback.searchParams.set('state', 'forged'));
    expect(tampered.searchParams.get('oidc_error')).toBe('failed');

    const start = await context.app.inject({ method: 'GET', url: '/auth/oidc/google' });
    const authorization = String(start.headers.location);
    const callback = await signInAtProvider(authorization, 'admin', `${PANEL}/auth/oidc/google/callback`);
    const withoutCookie = await context.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
    });
    expect(new URL(String(withoutCookie.headers.location)).searchParams.get('oidc_error')).toBe('expired');
    const forgedCookie = await context.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: 'roam_oidc=eyJwcm92aWRlciI6Imdvb2dsZSJ9.forged' },
    });
    expect(new URL(String(forgedCookie.headers.location)).searchParams.get('oidc_error')).toBe('expired');
  });

  it('still asks for the code of an account with two-factor sign-in on', async () => {
    const tokens = await signIn(context, secondFactor);
    const enrolment = (
      await context.app.inject({ method: 'POST', url: '/auth/mfa/enroll', headers: bearer(tokens) })
    ).json();
    const code = (stepsAhead: number) =>
      OTPAuth.TOTP.generate({
        secret: OTPAuth.Secret.fromBase32(enrolment.secret),
        timestamp: Date.now() + stepsAhead * 30_000,
      });
    const on = await context.app.inject({
      method: 'POST',
      url: '/auth/mfa/activate',
      headers: bearer(tokens),
      payload: { code: code(0) },
    });
    expect(on.statusCode).toBe(200);

    const back = await socialSignIn('twofactor');
    const answer = (await exchange(back.searchParams.get('oidc_code')!)).json();
    expect(answer).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const verified = await context.app.inject({
      method: 'POST',
      url: '/auth/mfa/verify',
      payload: { mfa_token: answer.mfa_token, code: code(1) },
    });
    expect(verified.statusCode).toBe(200);
  });
});
