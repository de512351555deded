import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

/**
 * zod types a compiled serializer writes exactly as zod's encode and JSON.stringify would. Any
 * other (a transform, pipe, default, union, intersection, lazy, date...) keeps zod's serializer.
 */
const COMPILABLE_TYPES = new Set([
  'object',
  'array',
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'enum',
  'literal',
  'nullable',
  'optional',
  'readonly',
  'record',
  'unknown',
  'any',
]);

/** JSON Schema keywords the compiled serializer may meet; any other keeps zod's serializer. */
const KNOWN_KEYWORDS = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'enum',
  'const',
  'nullable',
  'description',
  'title',
  'examples',
  'deprecated',
  'readOnly',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

/** A nullable (`anyOf [X, null]` or `type: [T, 'null']`) as fast-json-stringify's `nullable`. */
function normalize(schema: JsonSchema): JsonSchema | undefined {
  let node = { ...schema };
  const { anyOf } = node;
  if (Array.isArray(anyOf)) {
    const rest = Object.keys(node).filter((key) => key !== 'anyOf');
    const [first, second] = anyOf as JsonSchema[];
    if (anyOf.length !== 2 || rest.length > 0 || second?.type !== 'null' || Object.keys(second).length !== 1)
      return undefined;
    node = { ...first, nullable: true };
  }
  if (Array.isArray(node.type)) {
    const types = node.type.filter((type) => type !== 'null');
    if (types.length !== 1 || node.type.length !== 2) return undefined;
    node = { ...node, type: types[0], nullable: true };
  }
  for (const key of Object.keys(node)) if (!KNOWN_KEYWORDS.has(key)) return undefined;
  if (typeof node.type !== 'string' && Object.keys(node).some((key) => key !== 'description'))
    return undefined;
  // A string's format only documents it here: the value is already the string to write
  // (fast-json-stringify would treat 'date' and 'date-time' as dates).
  delete node.format;
  const properties = node.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    const normalized: Record<string, JsonSchema> = {};
    for (const [key, child] of Object.entries(properties)) {
      const next = normalize(child);
      if (!next) return undefined;
      normalized[key] = next;
    }
    node.properties = normalized;
    // fast-json-stringify writes the required keys first: the order is the schema's (zod's) only
    // when no optional key comes before a required one.
    const required = new Set((node.required as string[] | undefined) ?? []);
    const keys = Object.keys(normalized);
    const firstOptional = keys.findIndex((key) => !required.has(key));
    if (firstOptional >= 0 && keys.slice(firstOptional).some((key) => required.has(key))) return undefined;
  }
  for (const key of ['items', 'additionalProperties', 'propertyNames'] as const) {
    const child = node[key];
    if (child === undefined || typeof child === 'boolean') continue;
    if (typeof child !== 'object' || child === null || Array.isArray(child)) return undefined;
    // `{}` (zod's unknown): any JSON value, written as JSON.stringify writes it.
    if (Object.keys(child).length === 0) continue;
    const next = normalize(child as JsonSchema);
    if (!next) return undefined;
    node[key] = next;
  }
  return node;
}

/**
 * The JSON Schema a serializer can be compiled from, or undefined when the zod schema has a part
 * whose answer only zod's own encode gives.
 */
export function compilableJsonSchema(schema: z.ZodType): JsonSchema | undefined {
  let isCompilable = true;
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
      override: (context) => {
        if (!COMPILABLE_TYPES.has(context.zodSchema._zod.def.type)) isCompilable = false;
      },
    }) as JsonSchema;
  } catch {
    return undefined;
  }
  if (!isCompilable) return undefined;
  return normalize(jsonSchema);
}

/**
 * Fastify's serializer compiler for the routes' zod response schemas. Where a schema is made only
 * of objects, arrays, records, scalars, enums and nullables (every list and detail answer), it
 * writes the JSON with a serializer compiled once from the schema's JSON Schema
 * (fast-json-stringify): the same bytes as zod's encode and JSON.stringify, the schema's keys
 * only, in its order, unknown keys dropped, a missing required key an error (500), without
 * walking the data twice. It shapes rather than checks: a value of a wrong type is written as
 * its type's JSON where zod would refuse it, so handlers keep their answers typed by the
 * contract. Any other schema keeps zod's serializer. Each is compiled on its first answer (the
 * start stays short) and once per schema, however many routes share it (the error answers).
 * With `verify` (the API tests), every answer is also made by zod's serializer and must be the
 * same, byte for byte.
 */
export function createResponseSerializerCompiler(
  options: { verify?: boolean } = {},
): FastifySerializerCompiler<z.ZodType> {
  const compiled = new WeakMap<z.ZodType, Serialize>();
  const compile = (schema: z.ZodType, zodSerialize: Serialize): Serialize => {
    const known = compiled.get(schema);
    if (known) return known;
    const jsonSchema = compilableJsonSchema(schema);
    const serialize = jsonSchema ? (fastJsonStringify(jsonSchema) as Serialize) : zodSerialize;
    compiled.set(schema, serialize);
    return serialize;
  };
  return (route) => {
    const zodSerialize = zodSerializerCompiler(route) as Serialize;
    const schema = route.schema;
    if (!(schema instanceof z.ZodType)) return zodSerialize;
    let serialize: Serialize | undefined;
    if (!options.verify) {
      return (data) => {
        serialize ??= compile(schema, zodSerialize);
        return serialize(data);
      };
    }
    return (data) => {
      serialize ??= compile(schema, zodSerialize);
      const expected = zodSerialize(data);
      const actual = serialize(data);
      if (actual !== expected) {
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${actual.slice(0, 500)} where zod wrote ${expected.slice(0, 500)}`,
        );
      }
      return actual;
    };
  };
}
