import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@roam/contract/messages';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import { loginFailures } from '../db/schema';
import { HttpError } from '../lib/http-error';

export type ThrottleOptions = {
  /** An account's failures allowed before its sign-ins from unknown addresses slow down. */
  freeAttempts: number;
  /** Failures of one account from one address within the window before that pair gets 429. */
  accountLimit: number;
  /** Failures from one address (any accounts) within the window before 429. */
  addressLimit: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
  /** Added delay per failure past the free ones (capped at 5 s). */
  delayStepMs: number;
  /** How long an address that signed in to an account stays known to it. */
  knownForMs: number;
};

export const DEFAULT_THROTTLE: ThrottleOptions = {
  freeAttempts: 5,
  accountLimit: 10,
  addressLimit: 50,
  windowMs: 15 * 60 * 1000,
  delayStepMs: 500,
  knownForMs: 90 * 24 * 60 * 60 * 1000,
};

const MAX_DELAY_MS = 5000;

export type ThrottleGate = {
  isBlocked: boolean;
  delayMs: number;
  /** When blocked: the seconds until this attempt would be allowed again (the Retry-After). */
  retryAfterSeconds?: number;
};

/**
 * Failed sign-ins (ASVS V6), kept in the database so every process sees them. Blocking (429) is
 * per pair of account and address, and per address: a stranger's failures block the stranger,
 * never the account's owner at another address. An account's failures from anywhere slow its
 * sign-ins progressively (up to 5 s), except from an address it has signed in from before: a
 * known address is neither slowed nor blocked by failures elsewhere.
 */
export function createLoginThrottle(db: Database, options: ThrottleOptions) {
  const keysFor = (email: string, address: string) => {
    const account = email.trim().toLowerCase();
    return {
      account: `account:${account}`,
      pair: `pair:${account}|${address}`,
      address: `address:${address}`,
      known: `known:${account}|${address}`,
    };
  };

  async function read(keys: ReturnType<typeof keysFor>) {
    const rows = await db
      .select()
      .from(loginFailures)
      .where(inArray(loginFailures.key, [keys.account, keys.pair, keys.address, keys.known]));
    const now = Date.now();
    const live = (key: string) => {
      const row = rows.find((r) => r.key === key);
      return row && row.lastFailureAt.getTime() >= now - options.windowMs ? row : undefined;
    };
    const known = rows.find((r) => r.key === keys.known);
    return {
      account: live(keys.account)?.failures ?? 0,
      pair: live(keys.pair),
      address: live(keys.address),
      isKnown: known !== undefined && known.lastFailureAt.getTime() >= now - options.knownForMs,
    };
  }

  return {
    /** Whether this attempt may proceed, how long to hold its answer, and when to come back. */
    async check(email: string, address: string): Promise<ThrottleGate> {
      const state = await read(keysFor(email, address));
      const blocking = [
        state.pair && state.pair.failures >= options.accountLimit ? state.pair : undefined,
        state.address && state.address.failures >= options.addressLimit ? state.address : undefined,
      ].filter((row) => row !== undefined);
      if (blocking.length > 0) {
        const until = Math.max(...blocking.map((row) => row.lastFailureAt.getTime() + options.windowMs));
        return {
          isBlocked: true,
          delayMs: 0,
          retryAfterSeconds: Math.max(1, Math.ceil((until - Date.now()) / 1000)),
        };
      }
      if (state.isKnown) return { isBlocked: false, delayMs: 0 };
      const excess = state.account - options.freeAttempts + 1;
      return {
        isBlocked: false,
        delayMs: excess > 0 ? Math.min(MAX_DELAY_MS, excess * options.delayStepMs) : 0,
      };
    },

    async recordFailure(email: string, address: string): Promise<void> {
      const keys = keysFor(email, address);
      const windowStart = new Date(Date.now() - options.windowMs);
      for (const key of [keys.account, keys.pair, keys.address]) {
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

    /**
     * A successful sign-in clears the account's counts (the address keeps its own) and makes the
     * address known to the account.
     */
    async recordSuccess(email: string, address: string): Promise<void> {
      const keys = keysFor(email, address);
      await db.delete(loginFailures).where(inArray(loginFailures.key, [keys.account, keys.pair]));
      await db
        .insert(loginFailures)
        .values({ key: keys.known, failures: 0, lastFailureAt: new Date() })
        .onConflictDoUpdate({ target: loginFailures.key, set: { lastFailureAt: new Date() } });
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * Before checking a secret (a password, a code): waits as long as the throttle says, or refuses
 * with 429 and Retry-After. `key` is the account as the throttle counts it.
 */
export async function passThrottle(
  throttle: LoginThrottle,
  key: string,
  address: string,
  reply: FastifyReply,
): Promise<void> {
  const gate = await throttle.check(key, address);
  if (gate.isBlocked) {
    reply.header('retry-after', String(gate.retryAfterSeconds ?? 60));
    throw new HttpError(429, MESSAGES.tooManyAttempts);
  }
  if (gate.delayMs > 0) await sleep(gate.delayMs);
}
