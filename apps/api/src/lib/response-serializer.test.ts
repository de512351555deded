import { AREAS, type AreaName } from '@roam/contract/areas';
import { errorBodySchema, messageBodySchema } from '@roam/contract/errors';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listResponseSchema } from '../admin/core/routes';
import { compilableJsonSchema, createResponseSerializerCompiler } from './response-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const compiled = (schema: z.ZodType) =>
  createResponseSerializerCompiler()(route(schema)) as (data: unknown) => string;
const byZod = (schema: z.ZodType) => zodSerializerCompiler(route(schema)) as (data: unknown) => string;

const rowSchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'DELETED']),
  count: z.number().int(),
  rating: z.number(),
  isBlocked: z.boolean(),
  profileURL: z.string().nullable(),
  kind: z.literal('row'),
  city: z.object({ name: z.string(), ISO: z.string() }).nullable(),
  imageurl: z.array(z.string()),
  attrs: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  note: z.string().optional(),
});
const answerSchema = z.object({ rows: z.array(rowSchema), searchcount: z.number().int() });

const awkwardStrings = [
  '',
  'plain',
  'quote " and backslash \\',
  'tab\tand\nnew line',
  '\u0001 control',
  'é ü ß 中文 🚲',
  'lone \ud800 surrogate',
  'a'.repeat(41),
  `${'b'.repeat(60)}"`,
  'c'.repeat(6000),
];

const row = (name: string, index: number) => ({
  _id: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
  name,
  status: 'ACTIVE',
  count: index,
  rating: index / 3,
  isBlocked: index % 2 === 0,
  profileURL: index % 2 ? null : `/uploads/${index}.webp`,
  ...(index % 3 ? { note: name } : {}),
  kind: 'row',
  city: index % 2 ? { name, ISO: 'FR', unknown: 'dropped' } : null,
  imageurl: [name, 'x'],
  attrs: { level: index, nested: { list: [1, 'two', null], text: name } },
  createdAt: '2026-01-02T03:04:05.678Z',
  passwordHash: 'never written',
});

describe('the compiled response serializer', () => {
  it('writes the same bytes as zod, unknown keys dropped', () => {
    const data = { rows: awkwardStrings.map(row), searchcount: 10, secret: 'dropped' };
    const json = compiled(answerSchema)(data);
    expect(json).toBe(byZod(answerSchema)(data));
    expect(json).not.toContain('never written');
    expect(json).not.toContain('dropped');
  });

  it('refuses an answer that lacks a required key', () => {
    const { name: _missing, ...incomplete } = row('x', 1);
    expect(() => compiled(rowSchema)(incomplete)).toThrow();
  });

  it('keeps zod for what only zod writes exactly', () => {
    const object = (value: z.ZodType) => z.object({ value });
    for (const schema of [
      object(z.string().transform((value) => value.length)).partial(),
      object(z.string().default('x')),
      object(z.union([z.string(), z.number()])),
      object(z.date()),
      z.object({ a: z.string() }).and(z.object({ b: z.string() })),
      object(z.lazy(() => z.string())),
      object(z.string().pipe(z.string().min(1))),
      object(z.tuple([z.string(), z.number()])),
    ]) {
      expect(compilableJsonSchema(schema)).toBeUndefined();
    }
    const lazy = object(z.lazy(() => z.string()));
    expect(compiled(lazy)({ value: 'four', other: 1 })).toBe('{"value":"four"}');
  });

  it('compiles every list answer but the one holding rich text (a recursive schema)', () => {
    const keptOnZod = (Object.keys(AREAS) as AreaName[]).filter(
      (area) => !compilableJsonSchema(listResponseSchema(area)),
    );
    expect(keptOnZod).toEqual(['explore']);
    expect(compilableJsonSchema(messageBodySchema)).toBeDefined();
    // Its `error` is a union: the error answers keep zod's serializer.
    expect(compilableJsonSchema(errorBodySchema)).toBeUndefined();
  });

  it("keeps zod where an optional key comes before a required one (its order is the schema's)", () => {
    const schema = z.object({ a: z.string(), note: z.string().optional(), kind: z.string() });
    expect(compilableJsonSchema(schema)).toBeUndefined();
    expect(compiled(schema)({ a: 'x', note: 'n', kind: 'k' })).toBe('{"a":"x","note":"n","kind":"k"}');
  });

  it('in verify mode, refuses an answer the compiled serializer writes differently from zod', async () => {
    const app = Fastify();
    app.setSerializerCompiler(createResponseSerializerCompiler({ verify: true }));
    const schema = z.object({ count: z.number().int() });
    app.get('/ok', { schema: { response: { 200: schema } } }, async () => ({ count: 2 }));
    // zod refuses 2.5 for an integer where the compiled serializer would write 2.
    app.get('/wrong', { schema: { response: { 200: schema } } }, async () => ({ count: 2.5 }));
    expect((await app.inject('/ok')).body).toBe('{"count":2}');
    expect((await app.inject('/wrong')).statusCode).toBe(500);
    await app.close();
  });
});
