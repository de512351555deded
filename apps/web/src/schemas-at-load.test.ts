import { countSchemaBuilds, stopCountingSchemaBuilds } from '@roam/contract/testing/schema-builds';
import { afterEach, expect, it } from 'vitest';

/**
 * Every module the panel ships but its start (main.tsx and app/start.tsx render the panel as they
 * load), each loaded only when the test asks for it.
 */
const MODULES = import.meta.glob([
  './**/*.{ts,tsx}',
  '!./main.tsx',
  '!./app/start.tsx',
  '!./test/**',
  '!./**/*.test.{ts,tsx}',
  '!./**/*.d.ts',
]);

afterEach(stopCountingSchemaBuilds);

it("the panel's modules build no schema as they load: each waits for its first use (lazySchema)", async () => {
  const built = countSchemaBuilds();
  const building: string[] = [];
  for (const [file, load] of Object.entries(MODULES).sort(([a], [b]) => a.localeCompare(b))) {
    const before = built.length;
    await load();
    if (built.length > before) building.push(`${file}: ${built.slice(before).join(', ')}`);
  }
  expect(Object.keys(MODULES).length).toBeGreaterThan(100);
  expect(building).toEqual([]);
}, 120_000);
