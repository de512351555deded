import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import type { TokenResponse } from '@roam/contract/auth';
import {
  MFA_TOKEN_TTL_SECONDS,
  type MfaChallenge,
  type MfaPolicy,
  OIDC_CODE_TTL_SECONDS,
  RECOVERY_CODE_COUNT,
} from '@roam/contract/mfa';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Database } from '../db/client';
import { mfaFactors, mfaPolicy, mfaRecoveryCodes, signInTickets } from '../db/schema';
import { hashSecret, randomSecret } from './secrets';

/**
 * Two-factor sign-in (DESIGN §8): TOTP secrets (RFC 6238: SHA-1, 6 digits, 30 s, one step either
 * side) encrypted at rest with AES-256-GCM under a key kept like the signing keys; a code is
 * accepted once (the last accepted time step is stored, and only a later one passes); ten recovery
 * codes stored hashed, each used once; single-use sign-in tickets for the step between the password
 * (or the social provider) and the code, and for the social sign-in's one-time code.
 */
const ISSUER = 'Roam Admin';
const PERIOD = 30;
/** Recovery codes: no 0/o, 1/l/i, so that they can be read aloud and typed back. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;
export type Proof = { code?: string; recovery_code?: string };
type TicketKind = 'mfa' | 'oidc';
type Factor = typeof mfaFactors.$inferSelect;

/** A ticket of this kind that is neither used nor expired. */
const usableTicket = (ticket: string, kind: TicketKind) =>
  and(
    eq(signInTickets.ticketHash, hashSecret(ticket)),
    eq(signInTickets.kind, kind),
    isNull(signInTickets.usedAt),
    gt(signInTickets.expiresAt, new Date()),
  );
const TICKET_TTL: Record<TicketKind, number> = { mfa: MFA_TOKEN_TTL_SECONDS, oidc: OIDC_CODE_TTL_SECONDS };

function totpOf(secret: string, label = '') {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The time step a code is valid for (now, or one step either side), or null. */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

export function createSecretBox(key: Buffer) {
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    },
    open(text: string): string {
      const [iv, tag, sealed] = text.split('.').map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

export function createMfa(db: Database, box: SecretBox) {
  const readFactor = async (userId: string, executor: Executor = db): Promise<Factor | undefined> =>
    (await executor.select().from(mfaFactors).where(eq(mfaFactors.userId, userId)))[0];

  const isEnabled = async (userId: string): Promise<boolean> =>
    Boolean((await readFactor(userId))?.enabledAt);

  /** Accepts a code once: only a time step later than the last one accepted. */
  async function acceptCode(executor: Executor, factor: Factor, code: string): Promise<boolean> {
    const step = stepOfCode(box.open(factor.secret), code);
    if (step === null) return false;
    const [accepted] = await executor
      .update(mfaFactors)
      .set({ lastStep: step })
      .where(
        and(
          eq(mfaFactors.userId, factor.userId),
          or(isNull(mfaFactors.lastStep), lt(mfaFactors.lastStep, step)),
        ),
      )
      .returning({ userId: mfaFactors.userId });
    return Boolean(accepted);
  }

  async function useRecoveryCode(executor: Executor, userId: string, code: string): Promise<boolean> {
    const [used] = await executor
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(mfaRecoveryCodes.codeHash, hashSecret(normaliseRecovery(code))),
          eq(mfaRecoveryCodes.userId, userId),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ userId: mfaRecoveryCodes.userId });
    return Boolean(used);
  }

  return {
    /** Whether the account has two-factor sign-in on. */
    isEnabled,

    /**
     * Starts (or restarts) setting it up: a new secret, kept until a code confirms it. Null when it
     * is already on.
     */
    async enroll(user: { id: string; email: string }) {
      const existing = await readFactor(user.id);
      if (existing?.enabledAt) return null;
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      const sealed = box.seal(secret);
      await db
        .insert(mfaFactors)
        .values({ userId: user.id, secret: sealed })
        .onConflictDoUpdate({
          target: mfaFactors.userId,
          set: { secret: sealed, lastStep: null, createdAt: new Date() },
        });
      const url = totpOf(secret, user.email).toString();
      return { secret, otpauth_url: url, qr: await QRCode.toDataURL(url, { margin: 1, width: 240 }) };
    },

    /**
     * Turns it on with a code from the new secret: ten recovery codes (shown once, stored hashed).
     * Null when nothing is being set up or the code is wrong.
     */
    async activate(executor: Executor, userId: string, code: string): Promise<string[] | null> {
      const factor = await readFactor(userId, executor);
      if (!factor || factor.enabledAt) return null;
      if (!(await acceptCode(executor, factor, code))) return null;
      await executor.update(mfaFactors).set({ enabledAt: new Date() }).where(eq(mfaFactors.userId, userId));
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await executor.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await executor
        .insert(mfaRecoveryCodes)
        .values(codes.map((recovery) => ({ userId, codeHash: hashSecret(normaliseRecovery(recovery)) })));
      return codes;
    },

    /** Checks a code (once) or a recovery code (once) of an account that has it on. */
    async check(executor: Executor, userId: string, proof: Proof): Promise<boolean> {
      const factor = await readFactor(userId, executor);
      if (!factor?.enabledAt) return false;
      if (proof.code) return acceptCode(executor, factor, proof.code);
      if (proof.recovery_code) return useRecoveryCode(executor, userId, proof.recovery_code);
      return false;
    },

    /** Turns it off (or ends an unfinished set-up): the secret and the recovery codes are deleted. */
    async remove(executor: Executor, userId: string): Promise<boolean> {
      await executor.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      const removed = await executor
        .delete(mfaFactors)
        .where(eq(mfaFactors.userId, userId))
        .returning({ userId: mfaFactors.userId });
      return removed.length > 0;
    },

    async readPolicy(): Promise<MfaPolicy> {
      const rows = await db.select().from(mfaPolicy);
      const isRequired = (role: string) => rows.some((row) => row.role === role && row.isRequired);
      return { admin: isRequired('admin'), 'sub-admin': isRequired('sub-admin') };
    },

    async writePolicy(executor: Executor, policy: MfaPolicy): Promise<void> {
      for (const [role, isRequired] of Object.entries(policy)) {
        await executor
          .insert(mfaPolicy)
          .values({ role, isRequired })
          .onConflictDoUpdate({ target: mfaPolicy.role, set: { isRequired, updatedAt: new Date() } });
      }
    },

    /** A single-use ticket for the next step of a sign-in, stored hashed. */
    async issueTicket(userId: string, kind: TicketKind): Promise<string> {
      const ticket = randomSecret();
      await db.insert(signInTickets).values({
        ticketHash: hashSecret(ticket),
        userId,
        kind,
        expiresAt: new Date(Date.now() + TICKET_TTL[kind] * 1000),
      });
      // Old tickets are not kept.
      await db.delete(signInTickets).where(lt(signInTickets.expiresAt, new Date(Date.now() - 3_600_000)));
      return ticket;
    },

    /**
     * The answer once the first step of a sign-in (the password, or a social provider) is done:
     * the token pair, or the code step when the account has two-factor sign-in on.
     */
    async afterFirstStep(
      user: { id: string; sessionVersion: number },
      start: (user: { id: string; sessionVersion: number }) => Promise<TokenResponse>,
    ): Promise<TokenResponse | MfaChallenge> {
      if (!(await isEnabled(user.id))) return start(user);
      return { mfa_required: true, mfa_token: await this.issueTicket(user.id, 'mfa') };
    },

    /** The account of a ticket that is unused and unexpired, without using it. */
    async peekTicket(ticket: string, kind: TicketKind): Promise<string | null> {
      const [row] = await db
        .select({ userId: signInTickets.userId })
        .from(signInTickets)
        .where(usableTicket(ticket, kind));
      return row?.userId ?? null;
    },

    /** Uses a ticket: of two concurrent uses only one gets its account. */
    async claimTicket(ticket: string, kind: TicketKind): Promise<string | null> {
      const [row] = await db
        .update(signInTickets)
        .set({ usedAt: new Date() })
        .where(usableTicket(ticket, kind))
        .returning({ userId: signInTickets.userId });
      return row?.userId ?? null;
    },
  };
}
export type Mfa = ReturnType<typeof createMfa>;
