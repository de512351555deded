import type { z } from 'zod';
import {
  AnswerError,
  type Reader,
  readFlag,
  readList,
  readNullable,
  readObject,
  readOneOf,
  readOptional,
  readText,
  readWholeNumber,
} from './answer-readers';

/**
 * What a contract schema checks, as plain data: made from the schema where zod is at hand (the build,
 * the tests: `shapeOf`), read without zod in the panel (`readerOf`). A page that shows an answer as
 * its first paint reads it this way, and zod's file is not among that page's early files.
 */
export type AnswerShape =
  | { type: 'text'; pattern?: string; minLength?: number; maxLength?: number }
  | { type: 'number'; isWhole?: boolean }
  | { type: 'flag' }
  | { type: 'unknown' }
  | { type: 'oneOf'; values: (string | number | boolean | null)[] }
  | { type: 'nullable'; of: AnswerShape }
  | { type: 'optional'; of: AnswerShape }
  | { type: 'list'; of: AnswerShape; minLength?: number; maxLength?: number }
  | { type: 'object'; keys: Record<string, AnswerShape>; keepOthers?: boolean }
  | { type: 'record'; of: AnswerShape }
  | { type: 'anyOf'; options: AnswerShape[] }
  /** A schema that contains itself (a rich-text node's content): `recursive[index]`. */
  | { type: 'recursive'; index: number };

export type DescribedAnswer = { shape: AnswerShape; recursive: AnswerShape[] };

/** Only what a zod schema's definition says is read here, and zod's own module is not imported. */
type SchemaDefinition = {
  type: string;
  checks?: { _zod: { def: CheckDefinition } }[];
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
  entries?: Record<string, string | number>;
  values?: (string | number | boolean | null)[];
  options?: Schema[];
  keyType?: Schema;
  valueType?: Schema;
  getter?: () => Schema;
};
type CheckDefinition = {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
};
type Schema = { _zod: { def: SchemaDefinition } };

/**
 * The shape of `schema`. A schema this cannot describe (a transform, a refinement, a check it does
 * not know) throws, naming it: its answers are then for zod to parse.
 */
export function shapeOf(schema: z.ZodType): DescribedAnswer {
  const recursive: AnswerShape[] = [];
  const lazyIndexes = new Map<Schema, number>();

  const lengths = (checks: CheckDefinition[], path: string) => {
    const limits: { minLength?: number; maxLength?: number; pattern?: string } = {};
    for (const check of checks) {
      if (check.check === 'max_length') limits.maxLength = check.maximum;
      else if (check.check === 'min_length') limits.minLength = check.minimum;
      else if (check.check === 'string_format' && check.pattern) limits.pattern = check.pattern.source;
      else throw new Error(`${path}: the check ${check.check} (${check.format ?? ''}) has no answer shape`);
    }
    return limits;
  };

  const describe = (node: Schema, path: string): AnswerShape => {
    const def = node._zod.def;
    const checks = (def.checks ?? []).map((check) => check._zod.def);
    switch (def.type) {
      case 'string':
        return { type: 'text', ...lengths(checks, path) };
      case 'number': {
        const formats = checks.map((check) => (check.check === 'number_format' ? check.format : check.check));
        if (formats.some((format) => format !== 'safeint'))
          throw new Error(`${path}: the number check ${formats.join(', ')} has no answer shape`);
        return formats.length > 0 ? { type: 'number', isWhole: true } : { type: 'number' };
      }
      case 'boolean':
        return { type: 'flag' };
      case 'unknown':
        return { type: 'unknown' };
      case 'enum':
        return { type: 'oneOf', values: Object.values(def.entries ?? {}) };
      case 'literal':
        return { type: 'oneOf', values: def.values ?? [] };
      case 'nullable':
        return { type: 'nullable', of: describe(def.innerType!, path) };
      case 'optional':
        return { type: 'optional', of: describe(def.innerType!, path) };
      case 'array': {
        const { pattern: _none, ...limits } = lengths(checks, path);
        return { type: 'list', of: describe(def.element!, `${path}[]`), ...limits };
      }
      case 'object': {
        const catchall = def.catchall?._zod.def.type;
        if (catchall !== undefined && catchall !== 'unknown')
          throw new Error(`${path}: an object whose other keys are ${catchall} has no answer shape`);
        const keys = Object.fromEntries(
          Object.entries(def.shape ?? {}).map(([key, value]) => [key, describe(value, `${path}.${key}`)]),
        );
        return catchall ? { type: 'object', keys, keepOthers: true } : { type: 'object', keys };
      }
      case 'record':
        if (def.keyType?._zod.def.type !== 'string' || (def.keyType._zod.def.checks ?? []).length > 0)
          throw new Error(`${path}: a record whose keys are not plain text has no answer shape`);
        return { type: 'record', of: describe(def.valueType!, `${path}{}`) };
      case 'union':
        return { type: 'anyOf', options: (def.options ?? []).map((option) => describe(option, path)) };
      case 'lazy': {
        const known = lazyIndexes.get(node);
        if (known !== undefined) return { type: 'recursive', index: known };
        const index = recursive.length;
        lazyIndexes.set(node, index);
        recursive.push({ type: 'unknown' });
        recursive[index] = describe(def.getter!(), path);
        return { type: 'recursive', index };
      }
      default:
        throw new Error(`${path}: a ${def.type} schema has no answer shape`);
    }
  };
  return { shape: describe(schema as unknown as Schema, 'answer'), recursive };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads an answer as the schema `described` was made from parses it: the same value (an object's
 * keys the schema does not name dropped, unless it keeps them), or an AnswerError naming the first
 * value that is wrong (`answer-shape.test.ts` holds the two to the same answers).
 */
export function readerOf<T>(described: DescribedAnswer): (body: unknown) => T {
  let read = readers.get(described);
  if (!read) {
    read = readerOfShapes(described);
    readers.set(described, read);
  }
  return read as (body: unknown) => T;
}

const readers = new WeakMap<DescribedAnswer, (body: unknown) => unknown>();

function readerOfShapes({ shape, recursive }: DescribedAnswer): (body: unknown) => unknown {
  const recursiveReaders: Reader<unknown>[] = [];
  /** `read`, with the length its shape allows (a text's characters, a list's items). */
  const lengthOf =
    <V extends { length: number }>(
      read: Reader<V>,
      limits: { minLength?: number; maxLength?: number },
      unit: string,
    ): Reader<V> =>
    (value, path) => {
      const within = read(value, path);
      const { minLength = 0, maxLength = Number.POSITIVE_INFINITY } = limits;
      if (within.length < minLength || within.length > maxLength)
        throw new AnswerError(path, `${minLength} to ${maxLength} ${unit}`);
      return within;
    };

  const readerFor = (node: AnswerShape): Reader<unknown> => {
    switch (node.type) {
      case 'text': {
        const pattern = node.pattern === undefined ? undefined : new RegExp(node.pattern);
        const read: Reader<string> = pattern
          ? (value, path) => {
              const text = readText(value, path);
              if (!pattern.test(text)) throw new AnswerError(path, `text matching ${pattern.source}`);
              return text;
            }
          : readText;
        return node.minLength === undefined && node.maxLength === undefined
          ? read
          : lengthOf(read, node, 'characters');
      }
      case 'number':
        return node.isWhole
          ? readWholeNumber
          : (value, path) => {
              if (typeof value !== 'number' || !Number.isFinite(value))
                throw new AnswerError(path, 'a number');
              return value;
            };
      case 'flag':
        return readFlag;
      case 'unknown':
        // Anything, but there: zod refuses an object's key of unknown kind left out.
        return (value, path) => {
          if (value === undefined) throw new AnswerError(path, 'given');
          return value;
        };
      case 'oneOf':
        return readOneOf(node.values as (string | number)[]);
      case 'nullable':
        return readNullable(readerFor(node.of));
      case 'optional':
        return readOptional(readerFor(node.of));
      case 'list': {
        const read = readList(readerFor(node.of));
        return node.minLength === undefined && node.maxLength === undefined
          ? read
          : lengthOf(read, node, 'items');
      }
      case 'object':
        return readObject(
          Object.fromEntries(Object.entries(node.keys).map(([key, value]) => [key, readerFor(value)])),
          { keepOthers: node.keepOthers },
        );
      case 'record': {
        const readValue = readerFor(node.of);
        return (value, path) => {
          if (!isRecord(value)) throw new AnswerError(path, 'an object');
          return Object.fromEntries(
            Object.entries(value).map(([key, item]) => [key, readValue(item, `${path}.${key}`)]),
          );
        };
      }
      case 'anyOf': {
        const options = node.options.map(readerFor);
        return (value, path) => {
          for (const read of options) {
            try {
              return read(value, path);
            } catch (error) {
              if (!(error instanceof AnswerError)) throw error;
            }
          }
          throw new AnswerError(path, 'any of the kinds it may be');
        };
      }
      case 'recursive':
        return (value, path) => recursiveReaders[node.index]!(value, path);
    }
  };
  for (const node of recursive) recursiveReaders.push(readerFor(node));
  const read = readerFor(shape);
  return (body) => read(body, 'answer');
}
