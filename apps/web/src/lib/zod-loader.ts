/**
 * zod, loaded when the panel first needs it rather than with its start. In the built panel every
 * `import { z } from 'zod'` but lib/zod-members.ts's reaches this module instead (vite.config.ts,
 * `deferredZod`), so the contract's schemas, which are built on first use in a browser
 * (contract/lazy-schema.ts), are built with the `z` below: zod's own, once `loadZod()` has loaded it.
 * The start's files then hold none of zod (75 KB, 18 KB of a phone's download before a list shows).
 *
 * Who loads it:
 * - the API client, before it parses an answer with a schema (and as it sends the request, so the
 *   two travel together); the first screens' answers (the signed-in admin, a list's envelope, an
 *   item, a profile, a group) are read without it, by their schema's shape made at build time
 *   (lib/first-answers.ts, lib/answer-shape.ts);
 * - a module that uses schemas as it renders (a form), by awaiting `loadZod()` at its top: the
 *   modules importing it wait for zod as they wait for their other imports;
 * - the start, once the first screen has rendered, so that it is here before it is needed.
 *
 * The tests and the development server import zod as it is; this module then loads the same zod.
 */
type Members = typeof import('./zod-members');

let zod: Members | undefined;
let loading: Promise<void> | undefined;

/** Loads zod once; later calls answer the same promise. */
export function loadZod(): Promise<void> {
  loading ??= import('./zod-members').then((members) => {
    // The page's Content-Security-Policy forbids eval: without this, the first object schema zod
    // builds tries `new Function` (a faster parser), which the browser blocks and reports as a
    // violation. Every schema parses in its interpreted form instead.
    members.config({ jitless: true });
    zod = members;
  });
  // A file that did not come (the network) is asked for again by the next call.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

function loaded(): Members {
  if (!zod) throw new Error('zod was used before loadZod() had loaded it (lib/zod-loader.ts)');
  return zod;
}

/** The members of zod's `z` the panel uses: those lib/zod-members.ts exports, but `config`. */
export const Z_MEMBERS = [
  'array',
  'boolean',
  'coerce',
  'enum',
  'lazy',
  'literal',
  'NEVER',
  'number',
  'object',
  'record',
  'string',
  'union',
  'unknown',
] as const;

/** zod's `z` as the panel uses it, each member read from zod once loaded. */
export const z = Object.defineProperties(
  {},
  Object.fromEntries(Z_MEMBERS.map((name) => [name, { get: () => loaded()[name], enumerable: true }])),
) as Pick<Members, (typeof Z_MEMBERS)[number]>;
