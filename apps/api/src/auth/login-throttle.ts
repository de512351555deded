import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginFailures } from '../db/schema';

export type ThrottleOptions = {
  /** Failures allowed before responses slow down. */
  freeAttempts: number;
  /** Failures per account within the window before 429. */
  accountLimit: number;
  /** Failures per client address within the window before 429. */
  addressLimit: number;
  /** Failures older than this are forgotten, so nobody locks an account out for long. */
  windowMs: number;
  /** Added delay per failure past the free ones (capped at 5 s). */
  delayStepMs: number;
};

export const DEFAULT_THROTTLE: ThrottleOptions = {
  freeAttempts: 5,
  accountLimit: 10,
  addressLimit: 50,
  windowMs: 15 * 60 * 1000,
  delayStepMs: 500,
};

const MAX_DELAY_MS = 5000;

/** Failed sign-ins counted per account and per address, kept in the database so every process sees them. */
export function createLoginThrottle(db: Database, options: ThrottleOptions) {
  const keysFor = (email: string, address: string) => ({
    account: `account:${email.trim().toLowerCase()}`,
    address: `address:${address}`,
  });

  async function failureCounts(email: string, address: string) {
    const keys = keysFor(email, address);
    const rows = await db
      .select()
      .from(loginFailures)
      .where(inArray(loginFailures.key, [keys.account, keys.address]));
    const since = Date.now() - options.windowMs;
    const count = (key: string) => {
      const row = rows.find((r) => r.key === key);
      return row && row.lastFailureAt.getTime() >= since ? row.failures : 0;
    };
    return { account: count(keys.account), address: count(keys.address) };
  }

  return {
    /** Whether this attempt may proceed, and how long to hold its answer. */
    async check(email: string, address: string): Promise<{ isBlocked: boolean; delayMs: number }> {
      const counts = await failureCounts(email, address);
      const isBlocked = counts.account >= options.accountLimit || counts.address >= options.addressLimit;
      // Delays follow the account's failures only, so others sharing an address are not slowed.
      const excess = counts.account - options.freeAttempts + 1;
      return { isBlocked, delayMs: excess > 0 ? Math.min(MAX_DELAY_MS, excess * options.delayStepMs) : 0 };
    },

    async recordFailure(email: string, address: string): Promise<void> {
      const keys = keysFor(email, address);
      const windowStart = new Date(Date.now() - options.windowMs);
      for (const key of [keys.account, keys.address]) {
        await db
          .insert(loginFailures)
          .values({ key, failures: 1, lastFailureAt: new Date() })
          .onConflictDoUpdate({
            target: loginFailures.key,
            set: {
              failures: sql`case when ${loginFailures.lastFailureAt} < ${windowStart.toISOString()}::timestamptz then 1 else ${loginFailures.failures} + 1 end`,
              lastFailureAt: new Date(),
            },
          });
      }
    },

    /** A successful sign-in clears the account's count (the address keeps its own). */
    async recordSuccess(email: string, address: string): Promise<void> {
      await db.delete(loginFailures).where(inArray(loginFailures.key, [keysFor(email, address).account]));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
