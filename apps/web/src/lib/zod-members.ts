/**
 * The members of zod's `z` the panel's code and the contract call (a test holds this list to the
 * sources: lib/zod-loader.test.ts). lib/zod-loader.ts loads this module when zod is first needed;
 * named, zod's other parts (its other string formats, its locales...) stay out of the panel's files.
 */
export {
  array,
  boolean,
  coerce,
  config,
  enum,
  lazy,
  literal,
  NEVER,
  number,
  object,
  record,
  string,
  union,
  unknown,
} from 'zod';
