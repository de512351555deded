import { describe, expect, it } from 'vitest';
import * as zod from 'zod';
import { loadZod, Z_MEMBERS, z } from './zod-loader';
import * as members from './zod-members';

/** The panel's shipped sources and the contract's, as text (the tests' own left out). */
const SOURCES = {
  ...import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob(
    ['../../../../packages/contract/src/*.ts', '!../../../../packages/contract/src/*.test.ts'],
    {
      query: '?raw',
      import: 'default',
      eager: true,
    },
  ),
} as Record<string, string>;

/** zod's types, read through `z.` only by TypeScript: its classes (`z.ZodType`) and `infer`, `input`, `output`. */
const isTypeName = (name: string) => /^Zod/.test(name) || ['infer', 'input', 'output'].includes(name);

describe("the panel's deferred zod", () => {
  it('has every member of `z` the sources call, and loads exactly those', () => {
    const called = new Set<string>();
    for (const text of Object.values(SOURCES)) {
      for (const [, name] of text.matchAll(/\bz\.([A-Za-z_$][\w$]*)/g))
        if (!isTypeName(name!)) called.add(name!);
    }
    expect(Object.keys(SOURCES).length).toBeGreaterThan(150);
    expect(called.has('object')).toBe(true);
    expect([...called].filter((name) => !(Z_MEMBERS as readonly string[]).includes(name))).toEqual([]);
    expect(Object.keys(members).sort()).toEqual([...Z_MEMBERS, 'config'].sort());
  });

  it("answers zod's own members once loaded", async () => {
    await loadZod();
    for (const name of Z_MEMBERS) expect(z[name]).toBe(zod.z[name]);
    expect(z.object({ id: z.string() }).parse({ id: 'a', other: 1 })).toEqual({ id: 'a' });
  });
});
