import type { AdminMe } from '@roam/contract/entities';
import { PERMISSION_MODULES, ROLE_TYPES } from '@roam/contract/permissions';
import { RECORD_STATUSES } from '@roam/contract/status';

/**
 * The answers a first screen needs, read without zod (lib/zod-loader.ts): the signed-in admin, which
 * every signed-in page waits for, and a list's envelope. Each reader checks what the contract's
 * schema checks and keeps only the schema's keys, as its parse would (`answer-readers.test.ts` holds
 * the two to the same answers); a wrong answer throws, naming the value.
 */

/** Reads `value`, found at `path` of an answer; throws an AnswerError when it is not right. */
export type Reader<T> = (value: unknown, path: string) => T;

export class AnswerError extends Error {
  constructor(path: string, expected: string) {
    super(`The server's answer is not as expected: ${path} is not ${expected}`);
    this.name = 'AnswerError';
  }
}

const check = <T>(expected: string, isValid: (value: unknown) => value is T): Reader<T> => {
  return (value, path) => {
    if (!isValid(value)) throw new AnswerError(path, expected);
    return value;
  };
};

export const readText = check('text', (value): value is string => typeof value === 'string');
export const readFlag = check('true or false', (value): value is boolean => typeof value === 'boolean');
export const readWholeNumber = check('a whole number', (value): value is number =>
  Number.isSafeInteger(value),
);

export const readOneOf = <const T extends string | number>(values: readonly T[]): Reader<T> =>
  check(`one of ${values.join(', ')}`, (value): value is T => values.includes(value as T));

export const readNullable =
  <T>(read: Reader<T>): Reader<T | null> =>
  (value, path) =>
    value === null ? null : read(value, path);

export const readOptional =
  <T>(read: Reader<T>): Reader<T | undefined> =>
  (value, path) =>
    value === undefined ? undefined : read(value, path);

export const readList =
  <T>(read: Reader<T>): Reader<T[]> =>
  (value, path) => {
    if (!Array.isArray(value)) throw new AnswerError(path, 'a list');
    return Array.from(value, (item, index) => read(item, `${path}[${index}]`));
  };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type Shape = Record<string, Reader<unknown>>;
type Read<S extends Shape> = { [K in keyof S]: ReturnType<S[K]> };

/**
 * An object with the shape's keys, each read by its reader (a key left out reads as undefined), the
 * others dropped; with `keepOthers`, the others kept as they are (zod's `passthrough`).
 */
export function readObject<S extends Shape>(
  shape: S,
  options: { keepOthers?: boolean } = {},
): Reader<Read<S>> {
  return (value, path) => {
    if (!isRecord(value)) throw new AnswerError(path, 'an object');
    const read: Record<string, unknown> = options.keepOthers ? { ...value } : {};
    for (const [key, readKey] of Object.entries(shape)) {
      const item = readKey(value[key], `${path}.${key}`);
      if (item !== undefined || key in value) read[key] = item;
    }
    return read as Read<S>;
  };
}

const readModulePermission = readObject({
  read: readOneOf([0, 1]),
  write: readOneOf([0, 1]),
  delete: readOneOf([0, 1]),
});

const readAdminMeAnswer: Reader<AdminMe> = readObject({
  profile: readObject({
    userID: readText,
    username: readText,
    fullname: readText,
    lastname: readText,
    email: readText,
    homeLocation: readNullable(readText),
    profileURL: readList(readText),
    createdAt: readText,
  }),
  role_type: readOneOf(ROLE_TYPES),
  status: readOneOf(RECORD_STATUSES),
  permissions: readObject(
    Object.fromEntries(PERMISSION_MODULES.map((module) => [module, readModulePermission])) as Record<
      (typeof PERMISSION_MODULES)[number],
      typeof readModulePermission
    >,
  ),
  counts: readObject({
    cafes: readWholeNumber,
    friends: readWholeNumber,
    jobs: readWholeNumber,
    rentals: readWholeNumber,
    shops: readWholeNumber,
  }),
  mfa: readObject({ enabled: readFlag, required: readFlag }),
});

/** GET /admin/me, as `adminMeSchema` parses it. */
export const readAdminMe = (body: unknown): AdminMe => readAdminMeAnswer(body, 'answer');

const readListCounts = readObject(
  {
    active: readWholeNumber,
    inactive: readWholeNumber,
    deleted: readWholeNumber,
    countsCapped: readOptional(readFlag),
    countsEstimated: readOptional(readFlag),
    searchcount: readWholeNumber,
    nextCursor: readOptional(readNullable(readText)),
    prevCursor: readOptional(readNullable(readText)),
  },
  { keepOthers: true },
);

/**
 * A list's answer as the list screen reads it: its counts and cursors checked, the rest (the rows,
 * under the area's key) kept as they came.
 */
export const readListEnvelope = (
  body: unknown,
): ReturnType<typeof readListCounts> & Record<string, unknown> => readListCounts(body, 'answer');
