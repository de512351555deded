import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test-support/test-app';
import security from './security';

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context?.close();
});

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('security headers', () => {
  it('give every answer the strict policy and nosniff, with no nonce where no page uses one', async () => {
    for (const url of ['/healthz', '/admin/users', '/auth/password-reset?oobCode=x']) {
      const response = await context.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      expect(directive(policy, 'script-src')).toBe("script-src 'self'");
      expect(directive(policy, 'style-src')).toBe("style-src 'self'");
      expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('allow a fresh style nonce on a response that asks for one, and on it alone', async () => {
    const app = Fastify();
    await app.register(security);
    app.get('/page', async (_request, reply) => reply.send(reply.useStyleNonce()));
    app.get('/data', async () => ({ ok: true }));
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await app.inject({ method: 'GET', url: '/page' });
      const policy = String(response.headers['content-security-policy']);
      expect(directive(policy, 'style-src')).toBe(`style-src 'self' 'nonce-${response.body}'`);
      expect(directive(policy, 'script-src')).toBe("script-src 'self'");
      nonces.push(response.body);
    }
    expect(nonces[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(nonces[0]).not.toBe(nonces[1]);
    const data = await app.inject({ method: 'GET', url: '/data' });
    expect(directive(String(data.headers['content-security-policy']), 'style-src')).toBe("style-src 'self'");
    await app.close();
  });
});
