import type { AreaName, OwnCall } from '@roam/contract/areas';
import { errorBodySchema } from '@roam/contract/errors';
import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { RoutePermission } from '../../plugins/authentication';

const ERROR_RESPONSES = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
} as const;

type RouteSchema = Omit<FastifySchema, 'response'> & { response: Record<number, z.ZodType> };

/**
 * The options every /admin route shares (STYLE rule 4): its permission (which the authorization
 * hook enforces), its OpenAPI tag, the bearer security and the error answers, beside the route's
 * own params, query, body and success answer.
 */
export function adminRoute<const Schema extends RouteSchema>(
  tag: AreaName | 'admin' | 'analytics' | 'audit' | 'downloads',
  permission: RoutePermission,
  schema: Schema,
) {
  return {
    config: { permission },
    schema: {
      ...schema,
      tags: [tag],
      security: [{ bearer: [] }],
      response: { ...ERROR_RESPONSES, ...schema.response },
    },
  };
}

/** Where one of an area's own calls (AREAS' `calls`) is served: its method and URL for `route()`. */
export function routeOf(call: OwnCall) {
  return { method: call.method, url: call.path };
}
