import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries of ARCHITECTURE.md, enforced (STYLE rules 7 and 20): dependencies flow contract,
 * then core, then areas, then the app. No area imports another, no core file imports an area, the
 * panel never imports the server, and the contract imports neither.
 */
const root = path.resolve(import.meta.dirname, '..');

type Rule = { name: string; from: RegExp; to: RegExp; unless?: (from: string, to: string) => boolean };

const areaOf = (file: string) => /^apps\/(api\/src\/admin|web\/src\/features)\/([^/]+)\//.exec(file)?.[2];

const RULES: readonly Rule[] = [
  {
    name: 'an area imports another area',
    from: /^apps\/api\/src\/admin\/(?!core\/)[^/]+\//,
    to: /^apps\/api\/src\/admin\/(?!core\/)[^/]+\//,
    unless: (from, to) => areaOf(from) === areaOf(to),
  },
  {
    name: 'an area imports another area',
    from: /^apps\/web\/src\/features\//,
    to: /^apps\/web\/src\/features\//,
    unless: (from, to) => areaOf(from) === areaOf(to),
  },
  {
    name: 'core imports an area',
    from: /^apps\/api\/src\/admin\/core\//,
    to: /^apps\/api\/src\/admin\/(?!core\/)[^/]+\//,
  },
  {
    name: 'core imports an area or the app',
    from: /^apps\/web\/src\/(core|lib|components)\//,
    to: /^apps\/web\/src\/(features|app)\//,
  },
  { name: 'the web imports the api', from: /^apps\/web\//, to: /^apps\/api\// },
  { name: 'the contract imports an app', from: /^packages\/contract\//, to: /^apps\// },
];

const IMPORT_PATTERN = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative imports of a source file, as paths from the repository root. */
function importsOf(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT_PATTERN)) {
    const specifier = match[1] ?? match[2];
    if (!specifier?.startsWith('.')) continue;
    found.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
  }
  return found;
}

type Violation = { rule: string; from: string; to: string };

/** Every import of `files` (path -> source) that crosses a boundary. */
function findViolations(files: ReadonlyMap<string, string>): Violation[] {
  const violations: Violation[] = [];
  for (const [from, source] of files) {
    for (const to of importsOf(from, source)) {
      for (const rule of RULES) {
        if (rule.from.test(from) && rule.to.test(to) && !rule.unless?.(from, to)) {
          violations.push({ rule: rule.name, from, to });
        }
      }
    }
  }
  return violations;
}

function sourceFiles(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'dist') walk(child);
      else if (/\.(ts|tsx|mjs)$/.test(entry.name))
        files.set(child, readFileSync(path.join(root, child), 'utf8'));
    }
  };
  walk(folder);
  return files;
}

describe('boundaries', () => {
  it('report each kind of crossing', () => {
    const files = new Map([
      ['apps/api/src/admin/cafes/routes.ts', "import { x } from '../shops/resource';"],
      ['apps/api/src/admin/core/resource.ts', "import { y } from '../users/accounts';"],
      ['apps/web/src/features/jobs/job-list.tsx', "const m = import('../rentals/rental-list');"],
      ['apps/web/src/core/lists/list-page.tsx', "export { z } from '../../features/users/user-list';"],
      ['apps/web/src/lib/me.ts', "import type { R } from '../app/router';"],
      ['apps/web/src/main.tsx', "import { s } from '../../api/src/db/schema';"],
      ['packages/contract/src/areas.ts', "import { t } from '../../../apps/api/src/db/schema';"],
    ]);
    expect(findViolations(files).map((violation) => violation.rule)).toEqual([
      'an area imports another area',
      'core imports an area',
      'an area imports another area',
      'core imports an area or the app',
      'core imports an area or the app',
      'the web imports the api',
      'the contract imports an app',
    ]);
  });

  it('allow an area its own files, core and the contract', () => {
    const files = new Map([
      [
        'apps/api/src/admin/cafes/routes.ts',
        "import { c } from './resource';\nimport { r } from '../core/resource';",
      ],
      ['apps/web/src/features/users/user-list.tsx', "import { m } from './components/make-admin-modal';"],
      ['apps/web/src/app/areas.ts', "const l = () => import('../features/cafes/cafe-list');"],
    ]);
    expect(findViolations(files)).toEqual([]);
  });

  it('hold in the tree', () => {
    const files = new Map([
      ...sourceFiles('apps/api/src'),
      ...sourceFiles('apps/web/src'),
      ...sourceFiles('packages/contract/src'),
    ]);
    expect(files.size).toBeGreaterThan(100);
    expect(findViolations(files)).toEqual([]);
  });
});
