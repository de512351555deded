import { MESSAGES } from '@roam/contract/messages';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirective } from '../test-support/csp';
import { bearer, createAccount, createTestApp, type TestContext } from '../test-support/test-app';
import security from './security';

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context?.close();
});

describe('security headers', () => {
  it('give every answer the strict policy and nosniff, with no nonce where no page uses one', async () => {
    for (const url of ['/healthz', '/admin/users', '/auth/password-reset?oobCode=x']) {
      const response = await context.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      expect(cspDirective(policy, 'script-src')).toBe("script-src 'self'");
      expect(cspDirective(policy, 'style-src')).toBe("style-src 'self'");
      expect(cspDirective(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it("allow a fresh style nonce and the page's inline scripts on a response that asks, and on it alone", async () => {
    const app = Fastify();
    await app.register(security);
    app.get('/page', async (_request, reply) => reply.send(reply.usePageNonce(['sha256-abc='])));
    app.get('/data', async () => ({ ok: true }));
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await app.inject({ method: 'GET', url: '/page' });
      const policy = String(response.headers['content-security-policy']);
      expect(cspDirective(policy, 'style-src')).toBe(`style-src 'self' 'nonce-${response.body}'`);
      expect(cspDirective(policy, 'script-src')).toBe("script-src 'self' 'sha256-abc='");
      nonces.push(response.body);
    }
    expect(nonces[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(nonces[0]).not.toBe(nonces[1]);
    const data = await app.inject({ method: 'GET', url: '/data' });
    const dataPolicy = String(data.headers['content-security-policy']);
    expect(cspDirective(dataPolicy, 'style-src')).toBe("style-src 'self'");
    expect(cspDirective(dataPolicy, 'script-src')).toBe("script-src 'self'");
    await app.close();
  });
});

describe('what a browser may keep and reach', () => {
  it('answers of the API are never stored: tokens, the admin, the users', async () => {
    const admin = await createAccount(context);
    const signin = await context.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: admin.email, password: admin.password },
    });
    expect(signin.statusCode).toBe(200);
    const tokens = signin.json();
    const refreshed = await context.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
    });
    const headers = bearer(refreshed.json());
    const answers = [
      signin,
      refreshed,
      await context.app.inject({ method: 'GET', url: '/admin/me', headers }),
      await context.app.inject({ method: 'GET', url: '/admin/users', headers }),
      await context.app.inject({ method: 'GET', url: '/admin/users/profile/data', headers }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    const health = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['cache-control']).toBeUndefined();
  });

  it('lets the page connect to its own origin only', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(cspDirective(String(response.headers['content-security-policy']), 'connect-src')).toBe(
      "connect-src 'self'",
    );
  });

  it('gives a user of the product no tokens, with the spec’s message', async () => {
    const user = await createAccount(context, { role: 'user' });
    const response = await context.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.notAdmin);
    expect(response.body).not.toContain('access_token');
  });
});
