import { tokenResponseSchema } from '@roam/contract/auth';
import { errorBodySchema } from '@roam/contract/errors';
import { MESSAGES } from '@roam/contract/messages';
import {
  MFA_ERRORS,
  mfaActivateAnswerSchema,
  mfaActivateBodySchema,
  mfaDisableBodySchema,
  mfaEnrollAnswerSchema,
  mfaVerifyBodySchema,
} from '@roam/contract/mfa';
import { isAdminRole } from '@roam/contract/permissions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../db/schema';
import { recordAudit } from '../lib/audit';
import { conflict, forbidden, HttpError } from '../lib/http-error';
import { type LoginThrottle, passThrottle } from './login-throttle';
import type { Mfa, Proof } from './mfa';

const rateLimited = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };
const ERRORS = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};
const wrongCode = (status: 400 | 401) =>
  new HttpError(
    status,
    'code: That code is not right (or was already used): try the next one',
    MFA_ERRORS.invalidCode,
  );
const expiredStep = () =>
  new HttpError(401, 'This sign-in step has expired: sign in again', MFA_ERRORS.invalidMfaToken);

/**
 * Two-factor sign-in (DESIGN §8): set it up (enroll, then activate with a first code), the second
 * step of a sign-in (verify), and turning it off. Codes are throttled like passwords, per account
 * and address (the login throttle, keyed `mfa:<account>`).
 */
export async function mfaRoutes(app: FastifyInstance, options: { mfa: Mfa; throttle: LoginThrottle }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { mfa, throttle } = options;

  /** Waits or refuses as the throttle says, before a code is checked. */
  const gate = (userId: string, request: FastifyRequest, reply: FastifyReply) =>
    passThrottle(throttle, `mfa:${userId}`, request.ip, reply);
  const admin = async (request: FastifyRequest) => {
    const caller = await app.authenticate(request);
    if (!isAdminRole(caller.role)) throw forbidden(MESSAGES.notAdmin);
    return caller;
  };

  routes.post(
    '/auth/mfa/enroll',
    {
      ...rateLimited,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        response: { 200: mfaEnrollAnswerSchema, ...ERRORS },
      },
    },
    async (request) => {
      const caller = await admin(request);
      const enrolment = await mfa.enroll(caller);
      if (!enrolment) throw conflict('Two-factor sign-in is already on');
      return enrolment;
    },
  );

  routes.post(
    '/auth/mfa/activate',
    {
      ...rateLimited,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        body: mfaActivateBodySchema,
        response: { 200: mfaActivateAnswerSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const caller = await admin(request);
      await gate(caller.id, request, reply);
      const result = await app.db.transaction(async (tx) => {
        const codes = await mfa.activate(tx, caller.id, request.body.code);
        if (!codes) return null;
        await recordAudit(tx, {
          actorId: caller.id,
          action: 'mfa.enable',
          entity: 'users',
          entityId: caller.id,
        });
        // A new factor: every other session of the account ends; this one goes on with a new pair.
        return { codes, sessionVersion: await app.sessions.endAllSessions(tx, caller.id) };
      });
      if (!result) {
        await throttle.recordFailure(`mfa:${caller.id}`, request.ip);
        throw wrongCode(400);
      }
      await throttle.recordSuccess(`mfa:${caller.id}`, request.ip);
      const tokens = await app.sessions.start({ id: caller.id, sessionVersion: result.sessionVersion });
      return { ...tokens, recovery_codes: result.codes };
    },
  );

  routes.delete(
    '/auth/mfa',
    {
      ...rateLimited,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        body: mfaDisableBodySchema,
        response: { 200: tokenResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const caller = await admin(request);
      if (caller.mfa.required && caller.mfa.enabled) {
        throw conflict('Two-factor sign-in is required for your role: it cannot be turned off');
      }
      await gate(caller.id, request, reply);
      const sessionVersion = await app.db.transaction(async (tx) => {
        if (!(await mfa.check(tx, caller.id, request.body as Proof))) return null;
        await mfa.remove(tx, caller.id);
        await recordAudit(tx, {
          actorId: caller.id,
          action: 'mfa.disable',
          entity: 'users',
          entityId: caller.id,
        });
        return app.sessions.endAllSessions(tx, caller.id);
      });
      if (sessionVersion === null) {
        await throttle.recordFailure(`mfa:${caller.id}`, request.ip);
        throw wrongCode(400);
      }
      await throttle.recordSuccess(`mfa:${caller.id}`, request.ip);
      return app.sessions.start({ id: caller.id, sessionVersion });
    },
  );

  routes.post(
    '/auth/mfa/verify',
    {
      ...rateLimited,
      schema: {
        tags: ['auth'],
        body: mfaVerifyBodySchema,
        response: { 200: tokenResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { mfa_token: ticket, ...proof } = request.body;
      const userId = await mfa.peekTicket(ticket, 'mfa');
      if (!userId) throw expiredStep();
      await gate(userId, request, reply);
      const isRight = await app.db.transaction((tx) => mfa.check(tx, userId, proof));
      if (!isRight) {
        await throttle.recordFailure(`mfa:${userId}`, request.ip);
        throw wrongCode(401);
      }
      // Of two verifications racing with the same ticket, one gets tokens.
      if (!(await mfa.claimTicket(ticket, 'mfa'))) throw expiredStep();
      await throttle.recordSuccess(`mfa:${userId}`, request.ip);
      const [user] = await app.db.select().from(users).where(eq(users.id, userId));
      if (!user || user.status !== 'ACTIVE' || !isAdminRole(user.role)) throw forbidden(MESSAGES.notAdmin);
      return app.sessions.start(user);
    },
  );
}
