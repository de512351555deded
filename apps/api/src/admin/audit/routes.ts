import { auditQuerySchema, auditResponseSchema } from '@roam/contract/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminRoute } from '../core/route-options';
import { readAuditLog } from './repository';

/** The audit log (DESIGN §8): every write anyone made, for admins only. */
export async function auditRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit',
    adminRoute('audit', 'admins', {
      querystring: auditQuerySchema,
      response: { 200: auditResponseSchema },
    }),
    async (request) => readAuditLog(app.db, request.query),
  );
}
