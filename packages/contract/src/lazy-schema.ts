/** Whether this runs in a browser (the panel), not on the server. */
const IS_BROWSER = typeof (globalThis as { document?: unknown }).document !== 'undefined';

/**
 * The contract's schemas are declared with `lazySchema(() => z.object(...))`. In a browser each one
 * is built the first time it is used rather than when its module loads: the panel's start loads
 * the contract's modules, and building every entity's, area's and call's schema there was a good
 * part of the script work before a phone could take input (Lighthouse's Total Blocking Time). A
 * server builds them at once: it uses them all at start (its routes, OpenAPI document and
 * serializers), and zod's JSON Schema conversion knows a schema by the object itself.
 */
export function lazySchema<Schema extends object>(build: () => Schema): Schema {
  return IS_BROWSER ? deferredSchema(build) : build();
}

/**
 * A stand-in for the schema `build` returns, built on first use: it parses, is nested in other
 * schemas, extended and picked from like the schema itself, each use reaching the one built.
 */
export function deferredSchema<Schema extends object>(build: () => Schema): Schema {
  let built: Schema | undefined;
  const schema = () => {
    built ??= build();
    return built;
  };
  return new Proxy({} as Schema, {
    get: (_target, key) => Reflect.get(schema(), key),
    has: (_target, key) => Reflect.has(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
