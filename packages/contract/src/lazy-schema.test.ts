import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deferredSchema } from './lazy-schema';
import { countSchemaBuilds, stopCountingSchemaBuilds } from './testing/schema-builds';

describe('a deferred schema', () => {
  it('is built on first use, once', () => {
    let builds = 0;
    const schema = deferredSchema(() => {
      builds += 1;
      return z.object({ name: z.string().min(1) });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
    expect(schema.safeParse({ name: '' }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('stands in for the schema: nested, extended, picked, as a standard schema', async () => {
    const status = deferredSchema(() => z.enum(['ACTIVE', 'INACTIVE']));
    const row = deferredSchema(() => z.object({ id: z.string(), status, note: z.string().optional() }));
    const page = z.object({ rows: z.array(row) });
    expect(page.parse({ rows: [{ id: '1', status: 'ACTIVE' }] })).toEqual({
      rows: [{ id: '1', status: 'ACTIVE' }],
    });
    expect(page.safeParse({ rows: [{ id: '1', status: 'GONE' }] }).success).toBe(false);
    expect(row.extend({ extra: z.number() }).parse({ id: '2', status: 'INACTIVE', extra: 3 })).toEqual({
      id: '2',
      status: 'INACTIVE',
      extra: 3,
    });
    expect(Object.keys(row.pick({ id: true }).shape)).toEqual(['id']);
    expect(row instanceof z.ZodObject).toBe(true);
    expect('_zod' in row).toBe(true);
    const result = await row['~standard'].validate({ id: 3 });
    expect(result.issues?.length).toBeGreaterThan(0);
  });
});

describe("the contract's modules", () => {
  afterEach(() => {
    stopCountingSchemaBuilds();
    Reflect.deleteProperty(globalThis, 'document');
  });

  it('build no schema as a browser loads them: each is built when it is first used', async () => {
    const built = countSchemaBuilds();
    // What lazy-schema.ts takes for a browser, read as it loads.
    Reflect.set(globalThis, 'document', {});
    const files = readdirSync(import.meta.dirname).filter((name) => /^[\w-]+(?<!\.test)\.ts$/.test(name));
    for (const file of files) await import(`./${file}`);
    expect(files.length).toBeGreaterThan(10);
    expect(built).toEqual([]);
  });
});
