import {
  AUTH_ERRORS,
  changePasswordBodySchema,
  passwordResetCheckQuerySchema,
  passwordResetCheckResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  RESET_CODE_TTL_SECONDS,
  refreshBodySchema,
  signinBodySchema,
  signoutBodySchema,
  tokenResponseSchema,
} from '@roam/contract/auth';
import { errorBodySchema, messageBodySchema } from '@roam/contract/errors';
import { MESSAGES } from '@roam/contract/messages';
import { signinAnswerSchema } from '@roam/contract/mfa';
import { isAdminRole } from '@roam/contract/permissions';
import { checkNewPassword, EMAIL_PATTERN } from '@roam/contract/validation';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resetCodes, users } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { forbidden, HttpError } from '../lib/http-error';
import type { Mailer } from '../lib/mailer';
import { assertMfaSettled } from '../plugins/authentication';
import { findAccountByEmail } from './accounts';
import { type LoginThrottle, passThrottle } from './login-throttle';
import type { Mfa } from './mfa';
import { hashPassword, verifyPassword } from './passwords';
import { hashSecret, randomSecret } from './secrets';

export type AuthRoutesOptions = { throttle: LoginThrottle; mailer: Mailer; mfa: Mfa; publicUrl: string };

const invalidLogin = () => new HttpError(401, MESSAGES.loginFailed, AUTH_ERRORS.invalidLogin);
const invalidRefresh = () =>
  new HttpError(400, AUTH_ERRORS.invalidRefreshToken, { message: AUTH_ERRORS.invalidRefreshToken });
const rateLimited = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };
/** Refreshing and signing out, per address: a flood of garbage tokens is answered 429 cheaply. */
const tokenRateLimited = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };
/** Reset links mailed to one account in an hour. */
export const RESET_MAILS_PER_HOUR = 3;

/** The authentication service (DESIGN §4, §7). */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { throttle, mailer } = options;

  const findByEmail = (email: string) => findAccountByEmail(app.db, email);

  routes.post(
    '/auth/signin',
    {
      schema: {
        tags: ['auth'],
        body: signinBodySchema,
        response: {
          200: signinAnswerSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await passThrottle(throttle, email, request.ip, reply);
      const user = EMAIL_PATTERN.test(email) ? await findByEmail(email) : undefined;
      // Same work, status and message for an unknown email, a wrong password or a closed account.
      const isPasswordRight = await verifyPassword(user?.passwordHash, password);
      if (!user || !isPasswordRight || user.status !== 'ACTIVE') {
        await throttle.recordFailure(email, request.ip);
        throw invalidLogin();
      }
      await throttle.recordSuccess(email, request.ip);
      // SPEC §1: only admins and sub-admins sign in here; a user of the product gets no tokens.
      if (!isAdminRole(user.role)) throw forbidden(MESSAGES.notAdmin);
      // With two-factor sign-in on, the code is the next step (DESIGN §8).
      return options.mfa.afterFirstStep(user, app.sessions.start);
    },
  );

  routes.post(
    '/auth/token',
    {
      ...tokenRateLimited,
      schema: {
        tags: ['auth'],
        body: refreshBodySchema,
        response: { 200: tokenResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const tokens = await app.sessions.refresh(request.body.refresh_token);
      if (!tokens) throw invalidRefresh();
      return tokens;
    },
  );

  routes.post(
    '/auth/signout',
    { ...tokenRateLimited, schema: { tags: ['auth'], body: signoutBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await app.sessions.signOut(request.body.refresh_token);
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/auth/password-reset',
    {
      ...rateLimited,
      schema: {
        tags: ['auth'],
        body: passwordResetRequestSchema,
        response: { 200: messageBodySchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      if (!EMAIL_PATTERN.test(email)) throw new HttpError(400, `email: ${MESSAGES.emailInvalid}`);
      const user = await findByEmail(email);
      if (user && user.status === 'ACTIVE' && isAdminRole(user.role) && (await mayMailReset(user.id))) {
        const code = randomSecret();
        await app.db.insert(resetCodes).values({
          codeHash: hashSecret(code),
          userId: user.id,
          expiresAt: new Date(Date.now() + RESET_CODE_TTL_SECONDS * 1000),
        });
        const link = `${options.publicUrl}/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(code)}&lang=en`;
        // Not awaited: the answer takes the same time whether or not a mail goes out.
        mailer
          .send({
            to: user.email,
            subject: 'Reset your Roam Admin password',
            text: `Hello ${user.fullname || user.username},\n\nFollow this link to choose a new password:\n${link}\n\nThe link works once and expires in an hour. If you did not ask for it, ignore this mail.\n`,
            html: `<p>Hello ${escapeHtml(user.fullname || user.username)},</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>The link works once and expires in an hour. If you did not ask for it, ignore this mail.</p>`,
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'reset mail failed'));
      }
      return { message: MESSAGES.resetMailSent };
    },
  );

  /**
   * At most RESET_MAILS_PER_HOUR links per account in an hour, whatever the addresses asking (the
   * per-address limit alone let five addresses fill one mailbox). The answer stays the same.
   */
  const mayMailReset = async (userId: string) => {
    const [recent] = await app.db
      .select({ n: count() })
      .from(resetCodes)
      .where(and(eq(resetCodes.userId, userId), gt(resetCodes.createdAt, sql`now() - interval '1 hour'`)));
    return (recent?.n ?? 0) < RESET_MAILS_PER_HOUR;
  };

  const findUsableCode = async (code: string) => {
    const [row] = await app.db
      .select({
        userId: resetCodes.userId,
        expiresAt: resetCodes.expiresAt,
        usedAt: resetCodes.usedAt,
        email: users.email,
      })
      .from(resetCodes)
      .innerJoin(users, eq(users.id, resetCodes.userId))
      .where(eq(resetCodes.codeHash, hashSecret(code)));
    if (!row || row.usedAt) {
      throw new HttpError(400, MESSAGES.resetLinkInvalid, { message: AUTH_ERRORS.invalidOobCode });
    }
    if (row.expiresAt.getTime() <= Date.now()) {
      throw new HttpError(400, MESSAGES.resetLinkExpired, { message: AUTH_ERRORS.expiredOobCode });
    }
    return row;
  };

  routes.get(
    '/auth/password-reset',
    {
      ...rateLimited,
      schema: {
        tags: ['auth'],
        querystring: passwordResetCheckQuerySchema,
        response: { 200: passwordResetCheckResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({ email: (await findUsableCode(request.query.oobCode)).email }),
  );

  routes.post(
    '/auth/password-reset/confirm',
    {
      ...rateLimited,
      schema: {
        tags: ['auth'],
        body: passwordResetConfirmSchema,
        response: { 200: messageBodySchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { oobCode, newPassword } = request.body;
      const row = await findUsableCode(oobCode);
      const failure = checkNewPassword(newPassword);
      if (failure) throw new HttpError(400, `newPassword: ${failure}`);
      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(resetCodes)
          .set({ usedAt: new Date() })
          .where(and(eq(resetCodes.codeHash, hashSecret(oobCode)), isNull(resetCodes.usedAt)))
          .returning({ userId: resetCodes.userId });
        if (!claimed)
          throw new HttpError(400, MESSAGES.resetLinkInvalid, { message: AUTH_ERRORS.invalidOobCode });
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
        // Every other outstanding link of the account ends with this one (ASVS V6).
        await tx
          .update(resetCodes)
          .set({ usedAt: new Date() })
          .where(and(eq(resetCodes.userId, row.userId), isNull(resetCodes.usedAt)));
        await app.sessions.endAllSessions(tx, row.userId);
        await recordAudit(tx, {
          actorId: row.userId,
          action: 'password.reset',
          entity: 'users',
          entityId: row.userId,
        });
      });
      return { message: MESSAGES.passwordReset };
    },
  );

  routes.post(
    '/auth/password',
    {
      ...rateLimited,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        body: changePasswordBodySchema,
        response: {
          200: tokenResponseSchema.extend({ message: z.string() }),
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
    },
    async (request) => {
      const caller = await app.authenticate(request);
      assertMfaSettled(caller);
      const { currentPassword, newPassword } = request.body;
      const [user] = await app.db.select().from(users).where(eq(users.id, caller.id));
      if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
        throw new HttpError(401, MESSAGES.incorrectPassword);
      }
      if (newPassword === currentPassword) throw new HttpError(400, `newPassword: ${MESSAGES.samePassword}`);
      const failure = checkNewPassword(newPassword);
      if (failure) throw new HttpError(400, `newPassword: ${failure}`);
      const passwordHash = await hashPassword(newPassword);
      const sessionVersion = await app.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await tx
          .update(resetCodes)
          .set({ usedAt: new Date() })
          .where(and(eq(resetCodes.userId, user.id), isNull(resetCodes.usedAt)));
        await recordAudit(tx, {
          actorId: user.id,
          action: 'password.change',
          entity: 'users',
          entityId: user.id,
        });
        return app.sessions.endAllSessions(tx, user.id);
      });
      // Every other session ends; the caller's continues with a fresh pair.
      return {
        message: MESSAGES.passwordUpdated,
        ...(await app.sessions.start({ id: user.id, sessionVersion })),
      };
    },
  );
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
