import { adminMeSchema } from '@roam/contract/entities';
import { pageCursorsSchema, tileCountsSchema } from '@roam/contract/lists';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeMe } from '../test/fixtures';
import { AnswerError, readAdminMe, readListEnvelope } from './answer-readers';

/** What a schema's parse makes of an answer: the value, or that it refused it. */
function outcome(read: () => unknown): unknown {
  try {
    return { value: read() };
  } catch (error) {
    if (error instanceof AnswerError || error instanceof z.ZodError) return 'refused';
    throw error;
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every leaf path of a JSON value. */
function leafPaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  if (entries.length === 0) return [path];
  return entries.flatMap(([key, item]) => leafPaths(item, [...path, key]));
}

function withLeaf(value: Json, path: (string | number)[], leaf: Json | undefined): Json {
  const copy = structuredClone(value);
  if (path.length === 0) return leaf as Json;
  let parent = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path.at(-1)!;
  if (leaf === undefined) delete parent[last];
  else parent[last] = leaf;
  return copy;
}

/** The answer, and the answer with each leaf left out or replaced by each value of a wrong kind. */
function variantsOf(answer: Json): Json[] {
  const replacements: (Json | undefined)[] = [
    undefined,
    null,
    'text',
    '',
    0,
    1,
    2,
    1.5,
    -1,
    true,
    false,
    [],
    {},
  ];
  return [
    answer,
    { ...(answer as Record<string, Json>), unexpected: 'kept or dropped as the schema does' },
    ...leafPaths(answer).flatMap((path) => replacements.map((leaf) => withLeaf(answer, path, leaf))),
  ];
}

describe('the answers read without zod', () => {
  it('reads /admin/me as adminMeSchema parses it: the same value, or refused alike', () => {
    const me = makeMe({ role_type: 'sub-admin' }) as unknown as Json;
    const variants = variantsOf(me);
    expect(variants.length).toBeGreaterThan(500);
    for (const variant of variants) {
      expect(
        outcome(() => readAdminMe(variant)),
        JSON.stringify(variant),
      ).toEqual(outcome(() => adminMeSchema.parse(variant)));
    }
  });

  it("reads a list's answer as the list's envelope schema does, its rows kept", () => {
    const envelope = tileCountsSchema
      .extend({ searchcount: z.number().int() })
      .extend(pageCursorsSchema.partial().shape)
      .passthrough();
    const answer: Json = {
      cafes: [{ _id: 'a', name: 'Blue' }],
      active: 12,
      inactive: 3,
      deleted: 1,
      countsCapped: false,
      countsEstimated: true,
      searchcount: 16,
      nextCursor: 'abc',
      prevCursor: null,
    };
    for (const variant of variantsOf(answer)) {
      expect(
        outcome(() => readListEnvelope(variant)),
        JSON.stringify(variant),
      ).toEqual(outcome(() => envelope.parse(variant)));
    }
    expect(readListEnvelope(answer).cafes).toEqual([{ _id: 'a', name: 'Blue' }]);
  });

  it('names the value that is wrong', () => {
    const me = makeMe();
    expect(() =>
      readAdminMe({ ...me, permissions: { ...me.permissions, userManagement: { read: 2 } } }),
    ).toThrow('answer.permissions.userManagement.read is not one of 0, 1');
  });
});
