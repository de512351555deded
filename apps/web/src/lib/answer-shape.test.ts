import { AREA_NAMES, AREAS, isDetailArea } from '@roam/contract/areas';
import { groupDetailResponseSchema, profileDataResponseSchema } from '@roam/contract/details';
import { adminMeSchema } from '@roam/contract/entities';
import { pageCursorsSchema, tileCountsSchema } from '@roam/contract/lists';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeMe } from '../test/fixtures';
import { AnswerError, type AnswerShape, type DescribedAnswer, readerOf, shapeOf } from './answer-shape';
import { firstAnswerShapes } from './first-answers';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What reading an answer makes of it: the value, or that it was refused. */
function outcome(read: () => unknown): unknown {
  try {
    return { value: read() };
  } catch (error) {
    if (error instanceof AnswerError || error instanceof z.ZodError) return 'refused';
    throw error;
  }
}

const A_UUID = '0b7c4f52-4c1e-4b8e-9a7e-2f1d3c5b6a70';

/** A value the shape accepts, every key present; a recursive shape two levels deep. */
function exampleOf({ shape, recursive }: DescribedAnswer): Json {
  const example = (node: AnswerShape, depth: number): Json => {
    switch (node.type) {
      case 'text': {
        if (node.pattern === undefined) return 'text';
        if (!new RegExp(node.pattern).test(A_UUID)) throw new Error(`no example for ${node.pattern}`);
        return A_UUID;
      }
      case 'number':
        return node.isWhole ? 2 : 2.5;
      case 'flag':
        return true;
      case 'unknown':
        return 'anything';
      case 'oneOf':
        return node.values[0] ?? null;
      case 'nullable':
      case 'optional':
        return example(node.of, depth);
      case 'list':
        return depth > 2 ? [] : [example(node.of, depth + 1)];
      case 'object':
        return Object.fromEntries(
          Object.entries(node.keys)
            .filter(([, value]) => depth <= 2 || value.type !== 'optional')
            .map(([key, value]) => [key, example(value, depth + 1)]),
        );
      case 'record':
        return { key: example(node.of, depth + 1) };
      case 'anyOf':
        return example(node.options[0]!, depth);
      case 'recursive':
        return example(recursive[node.index]!, depth);
    }
  };
  return example(shape, 0);
}

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

const WRONG_LEAVES: (Json | undefined)[] = [
  undefined,
  null,
  'text',
  '',
  0,
  2,
  1.5,
  -1,
  true,
  [],
  {},
  'x'.repeat(41),
];

/** The answer, with an unexpected key, and with each leaf left out or replaced by each wrong value. */
function variantsOf(answer: Json): Json[] {
  return [
    answer,
    { ...(answer as Record<string, Json>), unexpected: 'kept or dropped as the schema does' },
    ...leafPaths(answer).flatMap((path) => WRONG_LEAVES.map((leaf) => withLeaf(answer, path, leaf))),
  ];
}

function expectReadAsParsed(schema: z.ZodType, answers: Json[]) {
  const read = readerOf(shapeOf(schema));
  for (const answer of answers) {
    expect(
      outcome(() => read(answer)),
      JSON.stringify(answer),
    ).toEqual(outcome(() => schema.parse(answer)));
  }
}

describe('answers read by their shape, without zod', () => {
  it.each(AREA_NAMES.filter(isDetailArea))(
    "reads the %s item's answer as its detail schema parses it: the same value, or refused alike",
    (name) => {
      const schema = AREAS[name].detail.schema as z.ZodType;
      const variants = variantsOf(exampleOf(shapeOf(schema)));
      expect(variants.length).toBeGreaterThan(100);
      expectReadAsParsed(schema, variants);
    },
  );

  it("reads a group's page as its schema parses it", () => {
    const variants = variantsOf(exampleOf(shapeOf(groupDetailResponseSchema)));
    expect(variants.length).toBeGreaterThan(200);
    expectReadAsParsed(groupDetailResponseSchema, variants);
  });

  it("reads a user's profile as its schema parses it", () => {
    const variants = variantsOf(exampleOf(shapeOf(profileDataResponseSchema)));
    expect(variants.length).toBeGreaterThan(1000);
    expectReadAsParsed(profileDataResponseSchema, variants);
  });

  it('reads each kind of check as zod does', () => {
    const schema = z.object({
      id: z.string().uuid(),
      title: z.string().min(2).max(5),
      tags: z.array(z.string()).min(1).max(2),
      count: z.number().int(),
      either: z.union([z.literal('none'), z.number()]),
      extra: z.record(z.string(), z.number()),
      free: z.unknown(),
      later: z.string().optional(),
    });
    const base: Json = {
      id: A_UUID,
      title: 'abc',
      tags: ['a'],
      count: 3,
      either: 'none',
      extra: { a: 1 },
      free: 1,
    };
    expectReadAsParsed(schema, [
      ...variantsOf(base),
      { ...(base as Record<string, Json>), title: 'abcdef' },
      { ...(base as Record<string, Json>), tags: ['a', 'b', 'c'] },
      { ...(base as Record<string, Json>), either: 4.5 },
      { ...(base as Record<string, Json>), extra: { a: 'b' } },
      { ...(base as Record<string, Json>), later: 'here' },
      { ...(base as Record<string, Json>), id: A_UUID.toUpperCase() },
    ]);
    expectReadAsParsed(z.object({ a: z.number() }).passthrough(), [{ a: 1, b: 2 }, { b: 2 }]);
  });

  it('reads a schema that contains itself', () => {
    type Node = { name: string; children?: Node[] };
    const node: z.ZodType<Node> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(node).optional() }),
    );
    const described = shapeOf(node);
    expect(described.recursive).toHaveLength(1);
    expectReadAsParsed(node, [
      { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] },
      { name: 'a', children: [{ name: 'b', children: [{ name: 3 }] }] },
    ]);
  });

  it('names the value that is wrong, and refuses a schema it cannot read as zod would', () => {
    const read = readerOf(shapeOf(z.object({ items: z.array(z.object({ id: z.string().uuid() })) })));
    expect(() => read({ items: [{ id: A_UUID }, { id: 'nope' }] })).toThrow(
      'answer.items[1].id is not text matching',
    );
    expect(() => shapeOf(z.object({ a: z.string().transform((text) => text.length) }))).toThrow(
      'answer.a: a pipe schema has no answer shape',
    );
    expect(() => shapeOf(z.object({ a: z.number().min(1) }))).toThrow('answer.a: the number check');
    expect(() => shapeOf(z.object({ a: z.string().email() }))).not.toThrow();
    expect(() => shapeOf(z.object({ a: z.string().url() }))).toThrow(
      'answer.a: the check string_format (url)',
    );
    expect(() => shapeOf(z.object({ a: z.iso.datetime() }))).toThrow(
      'answer.a: the check string_format (datetime)',
    );
    // A format's own schema, not a check on a string.
    expectReadAsParsed(z.object({ a: z.uuid() }), [{ a: A_UUID }, { a: 'nope' }]);
  });

  it('gives the first screens the shapes of their schemas', () => {
    const shapes = firstAnswerShapes();
    expect(shapes.me).toEqual(shapeOf(adminMeSchema));
    expect(shapes.profile).toEqual(shapeOf(profileDataResponseSchema));
    expect(shapes.group).toEqual(shapeOf(groupDetailResponseSchema));
    expect(Object.keys(shapes.items).sort()).toEqual(AREA_NAMES.filter(isDetailArea).sort());
  });

  it('reads /admin/me as adminMeSchema parses it, and names the value that is wrong', () => {
    const me = makeMe({ role_type: 'sub-admin' });
    const variants = variantsOf(me as unknown as Json);
    expect(variants.length).toBeGreaterThan(500);
    expectReadAsParsed(adminMeSchema, variants);
    const read = readerOf(firstAnswerShapes().me);
    expect(() => read({ ...me, permissions: { ...me.permissions, userManagement: { read: 2 } } })).toThrow(
      'answer.permissions.userManagement.read is not one of 0, 1',
    );
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
    expect(firstAnswerShapes().listEnvelope).toEqual(shapeOf(envelope));
    expectReadAsParsed(envelope, variantsOf(answer));
    const read = readerOf<Record<string, unknown>>(firstAnswerShapes().listEnvelope);
    expect(read(answer).cafes).toEqual([{ _id: 'a', name: 'Blue' }]);
  });
});
