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
  it('slows an account after the free attempts, then blocks it, and forgets old failures', async () => {
    const throttle = createLoginThrottle(database.db, DEFAULT_THROTTLE);
    for (let i = 0; i < 5; i += 1) await throttle.recordFailure('victim@roam.test', '10.0.0.1');
    expect(await throttle.check('victim@roam.test', '10.0.0.1')).toEqual({ isBlocked: false, delayMs: 500 });
    for (let i = 0; i < 5; i += 1) await throttle.recordFailure('victim@roam.test', '10.0.0.2');
    expect((await throttle.check('victim@roam.test', '10.0.0.3')).isBlocked).toBe(true);

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
