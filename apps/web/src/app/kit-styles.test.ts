import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The UI kit's styles are loaded per component, not as the whole kit: those of the components
 * every signed-in page may render at first in `app/layout/signed-in.css` (the sign-in page's in
 * `app/first-screen.css`), and those of the components only some screens or the popups render in
 * the module that renders them (`import '@mantine/core/styles/Table.layer.css'`), so that they come
 * with its code. A component whose file is missing renders unstyled, which no other test notices.
 * This finds, for each of the panel's modules, the kit components it renders (its own imports,
 * those of the kit's companion libraries it imports, and what each is built on inside the kit) and
 * checks each one's file is in one of the two global files or imported by that module.
 */
const WEB_SRC = path.resolve(import.meta.dirname, '..');
const REPO = path.resolve(WEB_SRC, '../../..');
const KIT = path.join(REPO, 'node_modules/@mantine/core');
const KIT_COMPONENTS = path.join(KIT, 'esm/components');

/** The kit's companion libraries the panel imports, and the files that import the kit in each. */
const COMPANIONS = [
  '@mantine/dates/esm',
  '@mantine/notifications/esm',
  '@mantine/tiptap/esm',
  '@mantine/charts/esm',
  '@mantine/carousel/esm',
  'mantine-datatable/dist/index.mjs',
];

function listFiles(target: string, extensions: RegExp): string[] {
  if (!existsSync(target)) return [];
  if (extensions.test(target)) return [target];
  return readdirSync(target, { recursive: true, encoding: 'utf8' })
    .filter((file) => extensions.test(file))
    .map((file) => path.join(target, file));
}

/** Names imported (or re-exported) from the kit in a source: `import { Button, type X } from '@mantine/core'`. */
function kitImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)) {
    for (const part of match[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (/^[A-Z]/.test(name)) names.push(name);
    }
  }
  return names;
}

/** The kit's components a component's own modules import (Select is built on Combobox and Input). */
function builtOn(component: string): string[] {
  const found = new Set<string>();
  for (const file of listFiles(path.join(KIT_COMPONENTS, component), /\.mjs$/)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/from\s*["']\.\.\/(?:\.\.\/)?([A-Z]\w*)\//g)) {
      found.add(match[1]!);
    }
  }
  return [...found];
}

/** The companion libraries a source imports: `from '@mantine/dates'`, `from 'mantine-datatable'`. */
function companionImports(source: string): string[] {
  return COMPANIONS.filter((entry) => {
    const name = entry
      .split('/')
      .slice(0, entry.startsWith('@') ? 2 : 1)
      .join('/');
    return new RegExp(`from\\s*["']${name}["']`).test(source);
  });
}

const COMPONENT_NAMES = readdirSync(KIT_COMPONENTS);

/** The kit's components behind `names` (a part, MenuItem or TableTd, is its component's), and what they are built on. */
function componentsBehind(names: readonly string[]): Set<string> {
  const pending = [...names];
  const used = new Set<string>();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const component = COMPONENT_NAMES.filter((name) => next.startsWith(name)).sort(
      (a, b) => b.length - a.length,
    )[0];
    if (!component || used.has(component)) continue;
    used.add(component);
    pending.push(...builtOn(component));
  }
  return used;
}

const companionNames = new Map(
  COMPANIONS.map((entry) => [
    entry,
    listFiles(path.join(REPO, 'node_modules', entry), /\.m?js$/).flatMap((file) =>
      kitImports(readFileSync(file, 'utf8')),
    ),
  ]),
);

/** Each of the panel's modules (tests aside) with the kit components it renders. */
function componentsByModule(): Map<string, { source: string; components: Set<string> }> {
  const modules = new Map<string, { source: string; components: Set<string> }>();
  for (const file of listFiles(WEB_SRC, /\.tsx?$/).filter((name) => !/\.test\.tsx?$/.test(name))) {
    const source = readFileSync(file, 'utf8');
    const names = [
      ...kitImports(source),
      ...companionImports(source).flatMap((entry) => companionNames.get(entry) ?? []),
    ];
    modules.set(path.relative(WEB_SRC, file), { source, components: componentsBehind(names) });
  }
  return modules;
}

function listedStyles(source: string): Set<string> {
  return new Set(
    [...source.matchAll(/@mantine\/core\/styles\/(\w+)\.layer\.css/g)].map((match) => match[1]!),
  );
}

const hasStyles = (component: string) => existsSync(path.join(KIT, `styles/${component}.layer.css`));

describe('the UI kit styles', () => {
  const global = new Set([
    ...listedStyles(readFileSync(path.join(WEB_SRC, 'app/first-screen.css'), 'utf8')),
    ...listedStyles(readFileSync(path.join(WEB_SRC, 'app/layout/signed-in.css'), 'utf8')),
  ]);
  const modules = componentsByModule();

  it('of every kit component a module renders are global or imported by that module', () => {
    const all = new Set([...modules.values()].flatMap(({ components }) => [...components]));
    // The check finds the components: the sign-in page's, the shell's and a form's at least.
    expect([...all]).toEqual(expect.arrayContaining(['Button', 'AppShell', 'Modal', 'Combobox', 'Table']));
    const missing = [...modules].flatMap(([file, { source, components }]) => {
      const own = listedStyles(source);
      return [...components]
        .filter((component) => hasStyles(component) && !global.has(component) && !own.has(component))
        .map((component) => `${file}: ${component}`);
    });
    expect(missing).toEqual([]);
  });

  it('are global only for what the shell, a list or a detail page renders at first', () => {
    // The popups' and the rarer screens' components: their styles come with their code.
    for (const component of ['Modal', 'Menu', 'Table', 'Slider', 'Switch', 'Typography'])
      expect(global.has(component), component).toBe(false);
  });
});
