import { hasControlCharacters } from '@roam/contract/validation';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';

/** Deeper input than this is refused outright: no schema here nests so far. */
const MAX_DEPTH = 20;

/** The first string under `value` that breaks the input rule, as a field path; undefined when none. */
function findBadString(value: unknown, path: string, depth: number): string | undefined {
  if (typeof value === 'string') return hasControlCharacters(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > MAX_DEPTH) return path;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (hasControlCharacters(key)) return childPath;
    const found = findBadString(child, childPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * One input rule for every string the API takes (DESIGN §7): a control character other than tab
 * and a line break, in the path's parameters, the query or a JSON body, is a 400 naming the
 * field, before any schema or query sees it (PostgreSQL refuses NUL in text; nothing stores the
 * others). Multipart fields meet the same rule in the contract's form schemas.
 */
export default fp(
  async function inputRulesPlugin(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      for (const [part, value] of [
        ['params', request.params],
        ['query', request.query],
        ['body', request.body],
      ] as const) {
        const field = findBadString(value, '', 0);
        if (field !== undefined) {
          throw badRequest(`${field || part}: must not contain control characters`);
        }
      }
    });
  },
  { name: 'input-rules' },
);
