import type { z } from 'zod';

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
type SchemaDefinition = Partial<CheckDefinition> & {
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

/** The text formats zod checks by their pattern alone (a URL's or a date's check does more). */
const PATTERN_FORMATS = new Set(['uuid', 'guid', 'email', 'regex']);

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
      else if (check.check === 'string_format' && PATTERN_FORMATS.has(check.format ?? '') && check.pattern)
        limits.pattern = check.pattern.source;
      else throw new Error(`${path}: the check ${check.check} (${check.format ?? ''}) has no answer shape`);
    }
    return limits;
  };

  const describe = (node: Schema, path: string): AnswerShape => {
    const def = node._zod.def;
    // A format's own schema (zod's uuid() or iso.datetime(), not a string's check) is its check too.
    const checks = [
      ...(def.check ? [def as CheckDefinition] : []),
      ...(def.checks ?? []).map((check) => check._zod.def),
    ];
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
      case 'union': {
        const options = (def.options ?? []).map((option) => describe(option, path));
        // Literals or enums, one list of values (a permission's 0 or 1).
        return options.every((option) => option.type === 'oneOf')
          ? { type: 'oneOf', values: options.flatMap((option) => option.values) }
          : { type: 'anyOf', options };
      }
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

/** An answer that is not as its schema says: `path` names the value, from `answer`. */
export class AnswerError extends Error {
  constructor(path: string, expected: string) {
    super(`The server's answer is not as expected: ${path} is not ${expected}`);
    this.name = 'AnswerError';
  }
}

/** Reads `value`, found at `path` of an answer; throws an AnswerError when it is not right. */
type Reader = (value: unknown, path: string) => unknown;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const check =
  (expected: string, isValid: (value: unknown) => boolean): Reader =>
  (value, path) => {
    if (!isValid(value)) throw new AnswerError(path, expected);
    return value;
  };

/** `read`, and the length its shape allows (a text's characters, a list's items). */
const withLength =
  (read: Reader, { minLength = 0, maxLength = Number.POSITIVE_INFINITY }, unit: string): Reader =>
  (value, path) => {
    const within = read(value, path) as { length: number };
    if (within.length < minLength || within.length > maxLength)
      throw new AnswerError(path, `${minLength} to ${maxLength} ${unit}`);
    return within;
  };

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
  const recursiveReaders: Reader[] = [];
  const readerFor = (node: AnswerShape): Reader => {
    switch (node.type) {
      case 'text': {
        const pattern = node.pattern === undefined ? undefined : new RegExp(node.pattern);
        const read = check(pattern ? `text matching ${pattern.source}` : 'text', (value) => {
          return typeof value === 'string' && (!pattern || pattern.test(value));
        });
        const isLimited = node.minLength !== undefined || node.maxLength !== undefined;
        return isLimited ? withLength(read, node, 'characters') : read;
      }
      case 'number':
        return node.isWhole
          ? check('a whole number', (value) => Number.isSafeInteger(value))
          : check('a number', (value) => typeof value === 'number' && Number.isFinite(value));
      case 'flag':
        return check('true or false', (value) => typeof value === 'boolean');
      case 'unknown':
        // Anything, but there: zod refuses an object's key of unknown kind left out.
        return check('given', (value) => value !== undefined);
      case 'oneOf':
        return check(`one of ${node.values.join(', ')}`, (value) =>
          node.values.includes(value as (typeof node.values)[number]),
        );
      case 'nullable': {
        const read = readerFor(node.of);
        return (value, path) => (value === null ? null : read(value, path));
      }
      case 'optional': {
        const read = readerFor(node.of);
        return (value, path) => (value === undefined ? undefined : read(value, path));
      }
      case 'list': {
        const readItem = readerFor(node.of);
        const read: Reader = (value, path) => {
          if (!Array.isArray(value)) throw new AnswerError(path, 'a list');
          // Array.from visits holes too, as zod does.
          return Array.from(value, (item, index) => readItem(item, `${path}[${index}]`));
        };
        const isLimited = node.minLength !== undefined || node.maxLength !== undefined;
        return isLimited ? withLength(read, node, 'items') : read;
      }
      case 'object': {
        const keys = Object.entries(node.keys).map(([key, value]) => [key, readerFor(value)] as const);
        return (value, path) => {
          if (!isRecord(value)) throw new AnswerError(path, 'an object');
          const read: Record<string, unknown> = node.keepOthers ? { ...value } : {};
          for (const [key, readKey] of keys) {
            const item = readKey(value[key], `${path}.${key}`);
            // A key left out stays out (an optional one), as zod's parse leaves it.
            if (item !== undefined || key in value) read[key] = item;
          }
          return read;
        };
      }
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
