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

/** Static imports and re-exports (`from '…'`), side-effect imports, dynamic `import()` and `require()`. */
const IMPORT_PATTERN =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The workspaces by package name, so `@roam/api/src/…` is seen as the api like `../../api/src/…`. */
const WORKSPACES: Readonly<Record<string, string>> = {
  '@roam/api': 'apps/api',
  '@roam/web': 'apps/web',
  '@roam/contract': 'packages/contract/src',
};

const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js'];

/**
 * A specifier as a path from the repository root: a file of `files` when one matches (with or
 * without its extension), else a folder's index (`../shops` is the folder `shops`). Package names
 * other than the workspaces are outside every boundary (undefined).
 */
function resolveImport(
  file: string,
  specifier: string,
  files: ReadonlyMap<string, string>,
): string | undefined {
  let target: string;
  if (specifier.startsWith('.')) {
    target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  } else {
    const name = specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
    const folder = WORKSPACES[name];
    if (folder === undefined) return undefined;
    target = path.posix.join(folder, specifier.slice(name.length));
  }
  const stem = target.replace(/\.js$/, '');
  for (const candidate of [stem, `${stem}/index`]) {
    for (const extension of EXTENSIONS) {
      if (files.has(candidate + extension)) return candidate + extension;
    }
  }
  return /\.[a-z]+$/.test(target) ? target : `${target}/index`;
}

/** The imports of a source file that stay in the repository, as paths from its root. */
function importsOf(file: string, files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const match of (files.get(file) ?? '').matchAll(IMPORT_PATTERN)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const target = specifier === undefined ? undefined : resolveImport(file, specifier, files);
    if (target !== undefined) found.push(target);
  }
  return found;
}

type Violation = { rule: string; from: string; to: string };

/** Every import of `files` (path -> source) that crosses a boundary. */
function findViolations(files: ReadonlyMap<string, string>): Violation[] {
  const violations: Violation[] = [];
  for (const from of files.keys()) {
    for (const to of importsOf(from, files)) {
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

  it('see through folder, side-effect, require and package-name imports', () => {
    const files = new Map([
      ['apps/api/src/admin/cafes/routes.ts', "import { x } from '../shops';"],
      ['apps/api/src/admin/core/list.ts', "import '../users/register.js';"],
      ['apps/web/src/features/jobs/index.ts', "export * from '../rentals';"],
      ['apps/web/src/components/table.tsx', "const { a } = require('../features/users/a');"],
      ['apps/web/src/main.tsx', "import type { S } from '@roam/api/src/db/schema';"],
      ['packages/contract/src/entities.ts', "import { w } from '@roam/web/src/app/router';"],
    ]);
    expect(findViolations(files)).toEqual([
      {
        rule: 'an area imports another area',
        from: 'apps/api/src/admin/cafes/routes.ts',
        to: 'apps/api/src/admin/shops/index',
      },
      {
        rule: 'core imports an area',
        from: 'apps/api/src/admin/core/list.ts',
        to: 'apps/api/src/admin/users/register.js',
      },
      {
        rule: 'an area imports another area',
        from: 'apps/web/src/features/jobs/index.ts',
        to: 'apps/web/src/features/rentals/index',
      },
      {
        rule: 'core imports an area or the app',
        from: 'apps/web/src/components/table.tsx',
        to: 'apps/web/src/features/users/a/index',
      },
      { rule: 'the web imports the api', from: 'apps/web/src/main.tsx', to: 'apps/api/src/db/schema/index' },
      {
        rule: 'the contract imports an app',
        from: 'packages/contract/src/entities.ts',
        to: 'apps/web/src/app/router/index',
      },
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
      // A file beside the areas is the app's wiring, not an area: resolved as the file it is.
      ['apps/api/src/admin/resources.ts', "import { cafes } from './cafes/resource';"],
      ['apps/api/src/admin/routes.ts', "import { all } from './resources';"],
      [
        'apps/web/src/core/lists/list.tsx',
        "import { e } from '@roam/contract/entities';\nimport 'dayjs/locale/en';",
      ],
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
    // Every import inside the repository is read as the very file it loads (none is missed or
    // misplaced by the resolution), apart from assets such as stylesheets and JSON.
    const imports = [...files.keys()].flatMap((file) => importsOf(file, files));
    expect(imports.length).toBeGreaterThan(500);
    expect(imports.filter((target) => !files.has(target) && !/\.(css|json|svg|png)$/.test(target))).toEqual(
      [],
    );
    expect(findViolations(files)).toEqual([]);
  });
});
