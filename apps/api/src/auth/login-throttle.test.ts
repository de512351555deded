import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from '../test-support/database';
import { createLoginThrottle, DEFAULT_THROTTLE } from './login-throttle';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('login throttle', () => {
  it('slows an account after the free attempts, blocks the failing address, and forgets old failures', async () => {
    const throttle = createLoginThrottle(database.db, DEFAULT_THROTTLE);
    for (let i = 0; i < 5; i += 1) await throttle.recordFailure('victim@roam.test', '10.0.0.1');
    expect(await throttle.check('victim@roam.test', '10.0.0.1')).toEqual({ isBlocked: false, delayMs: 500 });
    for (let i = 0; i < 5; i += 1) await throttle.recordFailure('victim@roam.test', '10.0.0.1');
    const blocked = await throttle.check('victim@roam.test', '10.0.0.1');
    expect(blocked.isBlocked).toBe(true);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(14 * 60);
    // Another address is slowed by the account's failures, never blocked by them.
    expect(await throttle.check('victim@roam.test', '10.0.0.3')).toEqual({ isBlocked: false, delayMs: 3000 });

    const later = createLoginThrottle(database.db, { ...DEFAULT_THROTTLE, windowMs: 0 });
    expect(await later.check('victim@roam.test', '10.0.0.3')).toEqual({ isBlocked: false, delayMs: 0 });
  });

  it('does not slow other accounts signing in from the same address', async () => {
    const throttle = createLoginThrottle(database.db, DEFAULT_THROTTLE);
    for (let i = 0; i < 8; i += 1) await throttle.recordFailure('typo@roam.test', '10.0.1.1');
    expect(await throttle.check('colleague@roam.test', '10.0.1.1')).toEqual({ isBlocked: false, delayMs: 0 });
  });

  it('blocks an address that fails across many accounts', async () => {
    const throttle = createLoginThrottle(database.db, { ...DEFAULT_THROTTLE, addressLimit: 6 });
    for (let i = 0; i < 6; i += 1) await throttle.recordFailure(`guess${i}@roam.test`, '10.0.2.1');
    expect((await throttle.check('anyone@roam.test', '10.0.2.1')).isBlocked).toBe(true);
    expect((await throttle.check('anyone@roam.test', '10.0.2.2')).isBlocked).toBe(false);
  });

  it('clears the account count on success', async () => {
    const throttle = createLoginThrottle(database.db, DEFAULT_THROTTLE);
    for (let i = 0; i < 7; i += 1) await throttle.recordFailure('forgetful@roam.test', '10.0.3.1');
    await throttle.recordSuccess('forgetful@roam.test', '10.0.3.1');
    expect(await throttle.check('forgetful@roam.test', '10.0.3.1')).toEqual({ isBlocked: false, delayMs: 0 });
  });
});

describe('a stranger cannot lock the owner out (issue 17 item 1)', () => {
  it('the owner’s known address is neither blocked nor slowed by failures from elsewhere', async () => {
    const throttle = createLoginThrottle(database.db, DEFAULT_THROTTLE);
    await throttle.recordSuccess('owner@roam.test', '192.0.2.7');
    for (let i = 0; i < 40; i += 1) await throttle.recordFailure('owner@roam.test', '203.0.113.9');
    expect((await throttle.check('owner@roam.test', '203.0.113.9')).isBlocked).toBe(true);
    expect(await throttle.check('owner@roam.test', '192.0.2.7')).toEqual({ isBlocked: false, delayMs: 0 });
    const unknown = await throttle.check('owner@roam.test', '198.51.100.1');
    expect(unknown.isBlocked).toBe(false);
    expect(unknown.delayMs).toBe(5000);
  });
});
