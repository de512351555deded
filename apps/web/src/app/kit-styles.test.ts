import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The UI kit's styles are loaded per component (first-screen.css, layout/signed-in.css), not as
 * the whole kit: a component whose file is missing renders unstyled, which no other test notices.
 * This finds every kit component the panel renders (its own imports, those of the kit's companion
 * libraries it uses, and what each is built on inside the kit) and checks its file is listed.
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

/** Names imported from the kit in a source: `import { Button, type X } from '@mantine/core'`. */
function kitImports(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)) {
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

function usedComponents(): Set<string> {
  const pending: string[] = [];
  const ownFiles = listFiles(WEB_SRC, /\.tsx?$/).filter((file) => !/\.test\.tsx?$/.test(file));
  const companionFiles = COMPANIONS.flatMap((entry) =>
    listFiles(path.join(REPO, 'node_modules', entry), /\.m?js$/),
  );
  for (const file of [...ownFiles, ...companionFiles])
    pending.push(...kitImports(readFileSync(file, 'utf8')));
  const componentNames = readdirSync(KIT_COMPONENTS);
  const used = new Set<string>();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    // A part of a component (MenuItem, TableTd) is styled by its component's file.
    const component = componentNames
      .filter((name) => next.startsWith(name))
      .sort((a, b) => b.length - a.length)[0];
    if (!component || used.has(component)) continue;
    used.add(component);
    pending.push(...builtOn(component));
  }
  return used;
}

function listedStyles(file: string): Set<string> {
  const source = readFileSync(path.join(WEB_SRC, file), 'utf8');
  return new Set(
    [...source.matchAll(/@mantine\/core\/styles\/(\w+)\.layer\.css/g)].map((match) => match[1]!),
  );
}

describe('the UI kit styles', () => {
  it('lists the style file of every kit component the panel renders', () => {
    const listed = new Set([
      ...listedStyles('app/first-screen.css'),
      ...listedStyles('app/layout/signed-in.css'),
    ]);
    const used = usedComponents();
    // The check finds the components: the sign-in page's, the shell's and a form's at least.
    expect([...used]).toEqual(expect.arrayContaining(['Button', 'AppShell', 'Modal', 'Combobox']));
    const missing = [...used].filter(
      (component) => existsSync(path.join(KIT, `styles/${component}.layer.css`)) && !listed.has(component),
    );
    expect(missing).toEqual([]);
  });
});
