import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error';

/** Codes of a lost or refused database connection: the caller may retry (DESIGN §7). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (
      typeof candidate.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(candidate.message)
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: unknown[] } } };

/** "searchphrase: Too big: expected string to have <=200 characters", naming the field. */
function describeValidation(error: FastifyError): string {
  const context = error.validationContext ?? 'request';
  const issues = (error.validation ?? []) as ValidationIssue[];
  const parts = issues.slice(0, 5).map((issue) => {
    const field = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || context;
    return `${field}: ${issue.message ?? 'is invalid'}`;
  });
  return parts.length > 0 ? parts.join('; ') : error.message;
}

/**
 * One error handler (STYLE rule 4): {statusCode, error, message}; 4xx say what is wrong, 5xx say
 * nothing of the cause, a lost database answers 503 with Retry-After.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.status(error.statusCode).send({
          statusCode: error.statusCode,
          error: error.code ?? STATUS_CODES[error.statusCode] ?? 'Error',
          message: error.message,
        });
      }
      if (error.validation) {
        return reply
          .status(400)
          .send({ statusCode: 400, error: 'Bad Request', message: describeValidation(error) });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        return reply.status(503).header('retry-after', '5').send({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The database is unavailable, retry shortly',
        });
      }
      const statusCode =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (statusCode === 500) {
        request.log.error({ err: error }, 'unhandled error');
        return reply
          .status(500)
          .send({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' });
      }
      return reply.status(statusCode).send({
        statusCode,
        error: STATUS_CODES[statusCode] ?? 'Error',
        message: error.message,
      });
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      });
    });
  },
  { name: 'errors' },
);
