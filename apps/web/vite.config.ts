/// <reference types="vitest/config" />

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, CodeSplittingGroup, OutputChunk } from 'rolldown';
import { defineConfig, minifySync, type Plugin } from 'vite';
import { themeVariablesCss } from './src/app/theme-css.ts';

/** Everything the API server answers; the panel's own routes never start with these. */
const API_TARGET = 'http://127.0.0.1:8080';
const API_PREFIXES = ['/admin', '/auth', '/uploads', '/healthz', '/openapi.json', '/docs', '/downloads'];

const packages = (names: string) => new RegExp(`node_modules[\\\\/](${names})[\\\\/]`);
const FRAMEWORK = packages('react|react-dom|scheduler|@tanstack|use-sync-external-store');
const UI_KIT = packages(
  '@mantine[\\\\/](?:core|hooks)|@floating-ui|clsx|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|tslib|get-nonce|@tabler[\\\\/]icons-react',
);
/** The kit's code; its styles go with the chunk that imports them (app/first-screen.css, the shell). */
const isUiKitCode = (id: string) => UI_KIT.test(id) && !id.endsWith('.css');
const SHARED_CODE = /(apps[\\/]web[\\/]src[\\/](lib|components|core)|packages[\\/]contract[\\/]src)[\\/]/;
const LIST_SCREEN = /apps[\\/]web[\\/]src[\\/]core[\\/](lists|tables|actions|downloads)[\\/]/;
/**
 * The parts the detail pages and a user's profile share, small modules each (a field grid, the
 * load failure, the reviews and applications tabs, a stat card, money): one file, not one each.
 * Not the detail screen itself, which brings the photos a profile does not need, nor the photos'
 * carousel, fetched after the page's first paint (core/details/image-carousel.tsx), nor the
 * rich-text view, which only Things To Do renders: its typography styles made this file's
 * stylesheet, one more file before a profile's or a cafe's first paint.
 */
const DETAIL_PARTS =
  /apps[\\/]web[\\/]src[\\/](core[\\/]details[\\/](?!detail-page|image-carousel|photo-carousel|rich-text-view)|components[\\/]stat-card|lib[\\/]format-money)/;
/**
 * The detail screen of the items' pages (not a user's profile) and its photo, which the photos'
 * carousel shares with it: on its own, that photo was one more file before an item page's paint.
 */
const DETAIL_SCREEN = /apps[\\/]web[\\/]src[\\/]core[\\/]details[\\/](detail-page|image-carousel)\.tsx$/;
/** The wide screens' table (the table library's): loaded by the list screen when a table fits. */
const WIDE_TABLE = /apps[\\/]web[\\/]src[\\/]core[\\/]tables[\\/]wide-table\.tsx$/;

/**
 * The UI kit's components the first screen (the sign-in page) renders; what they use comes with
 * them. A component missing here still works: it only comes in the second UI file.
 */
const FIRST_SCREEN_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Box',
  'Button',
  'Center',
  'Divider',
  'Group',
  'Loader',
  'Paper',
  'PasswordInput',
  'Stack',
  'Text',
  'TextInput',
  'Title',
  'VisuallyHidden',
];
/** A module in the UI kit's components folder, its path after the folder matching `rest`. */
const kitComponentsOf = (rest: string) =>
  new RegExp(`@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/]${rest}`);
const LATER_UI_COMPONENT = kitComponentsOf(`(?!(${FIRST_SCREEN_COMPONENTS.join('|')})[\\\\/])`);

/** Libraries only the later components use: the popovers' and tooltips' positioning. */
const LATER_UI_LIBRARY = packages('@floating-ui');

/**
 * The kit's hooks and helpers that only later components use (a modal's focus trap, a popover's
 * outside click and placement, a slider's drag, a copy button's clipboard...): 22 KB of the first
 * UI file's code, 5 KB on the wire, before they were named here. No file claims them by name: each
 * goes with the first file whose modules import it (the shell's takes two, the collapse its
 * navigation links use and the focus trap). One that the first screen does use still comes with it.
 */
const LATER_KIT_HELPERS = [
  'hooks/esm/use-click-outside',
  'hooks/esm/use-clipboard',
  'hooks/esm/use-collapse',
  'hooks/esm/use-debounced-callback',
  'hooks/esm/use-drag',
  'hooks/esm/use-focus-return',
  'hooks/esm/use-focus-trap',
  'hooks/esm/use-long-press',
  'hooks/esm/use-move',
  'hooks/esm/use-mutation-observer',
  'hooks/esm/use-timeout',
  'core/esm/utils/Floating',
];
const LATER_KIT_HELPER = packages(
  LATER_KIT_HELPERS.map((folder) => `@mantine[\\\\/]${folder.replaceAll('/', '[\\\\/]')}`).join('|'),
);

/**
 * The UI kit's components only some signed-in pages render (forms, the account page, analytics,
 * the audit log, the rich-text editor, a wide screen's table), not the shell, a list on a phone or
 * a detail page: they are a third
 * UI file, fetched with the first page that needs one. A component missing here still works: it
 * only comes with the shell's UI file.
 */
const RARE_UI_COMPONENTS = [
  'Code',
  'ColorPicker',
  'ColorSwatch',
  'CopyButton',
  'FileButton',
  'FloatingIndicator',
  'List',
  'Radio',
  'SegmentedControl',
  'Slider',
  'Switch',
  'Table',
  'Textarea',
  'Tooltip',
];
const RARE_UI_COMPONENT = kitComponentsOf(`(${RARE_UI_COMPONENTS.join('|')})[\\\\/]`);

/**
 * The UI kit's popups and modals, which no page renders before it is idle or one is opened
 * (components/popup-kit.ts), and what only they use: the positioning library. Their own file,
 * fetched after the page (or with a page that renders one at once: a form, the table library).
 */
const POPUP_UI_COMPONENTS = ['Combobox', 'Menu', 'Modal', 'ModalBase', 'Popover', 'ScrollArea', 'Select'];
const POPUP_UI_CODE = new RegExp(
  `${kitComponentsOf(`(${POPUP_UI_COMPONENTS.join('|')})[\\\\/]`).source}|${LATER_UI_LIBRARY.source}`,
);

/** The panel's start, imported by the entry (src/main.tsx) once the page has painted. */
const START = 'src/app/start.tsx';
const START_MODULE = path.resolve(import.meta.dirname, START);
/** The signed-in shell (the protected route's component), around every page but sign-in's. */
const SHELL_MODULE = path.resolve(import.meta.dirname, 'src/app/layout/app-layout.tsx');

/** The panel's and the contract's modules the entry and the sign-in page import, transitively. */
const FIRST_SCREEN = ['src/main.tsx', START, 'src/features/auth/components/login-page.tsx'].map((file) =>
  path.resolve(import.meta.dirname, file),
);
/** The panel's and the contract's modules `roots` import statically, transitively, with themselves. */
function staticImportsOf(
  roots: readonly string[],
  moduleInfo: (id: string) => { importedIds: readonly string[] } | null,
): Set<string> {
  const found = new Set<string>();
  const pending = [...roots];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (found.has(next) || next.includes('node_modules')) continue;
    found.add(next);
    pending.push(...(moduleInfo(next)?.importedIds ?? []));
  }
  return found;
}

let firstScreenCode: Set<string> | undefined;
function isFirstScreenCode(id: string, ctx: ChunkingContext): boolean {
  firstScreenCode ??= staticImportsOf(FIRST_SCREEN, (next) => ctx.getModuleInfo(next));
  return firstScreenCode.has(id);
}

/**
 * A handful of larger chunks instead of one per shared module: on a phone's connection each file
 * costs a round trip, and the sign-in page fetched 45 of them. Every page needs the framework
 * (React, the router, the query cache, zod for the routes' search params), the UI kit's core and
 * the sign-in page's components, and the panel's shared code and contract modules that the entry
 * and the sign-in page import (not, say, the form schemas, built when a form's page loads; but the
 * list query, which the start sends while a list's code loads): these come with the entry. What
 * every signed-in page fetches with its shell is one file, `shell`: the UI kit's components the
 * shell, the lists and the detail pages render, and the list screen's machinery (its table and
 * filters; the calendar comes later, on its own). The rest of the UI kit is two more files: its
 * popups, and the components only some pages use. The heavy, rarely used parts (rich-text editor,
 * charts, map, cropper, carousel) stay in their own lazy chunks.
 */
const CHUNK_GROUPS: CodeSplittingGroup[] = [
  // The build's dynamic-import helper, which the entry needs before the start: on its own, so the
  // entry imports nothing that evaluates the framework before the first paint.
  { name: 'preload-helper', priority: 60, test: /vite[\\/]preload-helper/ },
  { name: 'framework', priority: 50, test: FRAMEWORK },
  {
    name: 'ui',
    priority: 40,
    test: (id) =>
      isUiKitCode(id) &&
      !LATER_UI_COMPONENT.test(id) &&
      !LATER_UI_LIBRARY.test(id) &&
      !LATER_KIT_HELPER.test(id),
  },
  // The start joins them: one file fewer on a phone's connection, fetched with them anyway.
  {
    name: (id, ctx) =>
      (SHARED_CODE.test(id) && isFirstScreenCode(id, ctx)) || id === START_MODULE ? 'common' : null,
    priority: 30,
  },
  // A group takes the modules its modules import too: the shell's file comes first, so the parts
  // both it and a rare component use (a portal, a transition) stay in it. One file rather than the
  // kit's and the lists' two: both come with every signed-in page, and on a phone's connection
  // each file in flight holds a share of it for a round trip before its first byte.
  {
    name: 'shell',
    priority: 20,
    test: (id) =>
      (isUiKitCode(id) &&
        !RARE_UI_COMPONENT.test(id) &&
        !POPUP_UI_CODE.test(id) &&
        !LATER_KIT_HELPER.test(id)) ||
      (LIST_SCREEN.test(id) && !WIDE_TABLE.test(id)),
  },
  { name: 'ui-popups', priority: 17, test: (id) => isUiKitCode(id) && POPUP_UI_CODE.test(id) },
  { name: 'ui-rare', priority: 15, test: isUiKitCode },
  { name: 'details', priority: 10, test: DETAIL_PARTS },
  // An item's detail screen and its photo, which the photos' carousel imports too: one file.
  { name: 'detail-screen', priority: 9, test: DETAIL_SCREEN },
];

/**
 * index.html lists the files a module needs (its chunk and the chunks it imports), as
 * modulepreloads, largest first, in templates just before the page's first script
 * (public/first-paint.js), which adds them to the page:
 * - `#start-files`, the start's: at once for a signed-in admin (nothing of the panel shows before
 *   its code has run), once the page has painted for a visitor (the sign-in page's first paint needs
 *   only the HTML and the first stylesheet). Either way they do not wait for the entry's own file.
 * - `#shell-files`, the signed-in shell's that the start does not hold: for a signed-in admin, with
 *   the start's, so that they are here when the start's route needs them.
 * - one `template[data-page]` per page named in app/routes/early-requests.ts (each area's list,
 *   the detail pages, a user's profile): the files of the modules its route imports beyond the
 *   shell's, and in `data-request` the address of its first data; a signed-in admin's page opened
 *   at that path (no search; an item's id in place of `__id__`) asks for them with the shell's;
 *   `data-amounts` when its modules import the money format (lib/format-money.ts: a cafe's prices,
 *   a job's salary), so that the script prepares a number format while its files download.
 */
const PRELOADED = [
  { template: 'start-files', module: START_MODULE },
  { template: 'shell-files', module: SHELL_MODULE },
];
/**
 * The module that formats amounts: a page's first amount loads the number formats' locale data, a
 * phone's 50 ms of script as the page renders, unless the page's first script has done it already.
 */
const MONEY_FORMAT_MODULE = path.resolve(import.meta.dirname, 'src/lib/format-money.ts');
/** Where index.html runs public/first-paint.js; the build inlines it (`inlineFirstPaint`). */
const FIRST_PAINT_TAG = '<script src="/first-paint.js"></script>';
/**
 * One of the panel's modules, loaded with tsx: the panel's own modules and the contract's are
 * TypeScript, which the bundled config cannot import (only a build needs them, not the dev server
 * or the tests).
 */
async function importAtBuild<Module>(file: string): Promise<Module> {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport(file, import.meta.url);
}

/** The pages a signed-in admin's page asks for early (src/app/routes/early-requests.ts). */
async function readEarlyPages() {
  const module = await importAtBuild<typeof import('./src/app/routes/early-requests')>(
    './src/app/routes/early-requests.ts',
  );
  return module.earlyPages();
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * A chunk the bundler made only to give a dynamic import its module's export names (a facade): its
 * module's code is in a group's chunk (the start's in `common`, the list screen's in `shell`) or in
 * a chunk with other names, so the chunk holds one import or one re-export and nothing else. Rollup
 * does without them (it unwraps the group's namespace at the import); the bundler does not yet
 * (rolldown issue 9729). Each was one more file, and one more round trip, before a page's first
 * paint. `target` is the chunk it stands for, `names` its exported names by their target's names.
 */
type Facade = { target: string; names: [exported: string, local: string][] };
const FACADE = /^(?:import"\.\/([\w.-]+\.js)";|export\{([\w$, ]+)\}from"\.\/([\w.-]+\.js)";)\s*$/;

function facadeOf(chunk: OutputChunk): Facade | undefined {
  if (chunk.moduleIds.length > 0 || chunk.imports.length !== 1 || chunk.dynamicImports.length > 0) {
    return undefined;
  }
  const match = FACADE.exec(chunk.code);
  if (!match) return undefined;
  const [, sideEffectTarget, reExports, reExportTarget] = match;
  const names = (reExports ?? '').split(',').flatMap((part): Facade['names'] => {
    const [local, exported = local] = part.trim().split(' as ');
    return local ? [[exported!, local]] : [];
  });
  return {
    target: path.posix.join(path.posix.dirname(chunk.fileName), (sideEffectTarget ?? reExportTarget)!),
    names,
  };
}

/**
 * The facades left out of the written build: each dynamic import of one loads its target and
 * takes the names from it (`import('./list-page.js')` becomes `import('./shell.js').then(m =>
 * ({ListPage: m.r}))`), and the build's lists of a dynamic import's files name the target. The
 * page's own lists never name a facade (`linksOf` above). A facade still named anywhere after that
 * fails the build rather than a page.
 */
function withoutFacades(): Plugin {
  return {
    name: 'roam:without-facades',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options, bundle) {
      const outDir = options.dir!;
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const facades = new Map<string, Facade>();
      for (const chunk of chunks) {
        const facade = facadeOf(chunk);
        if (facade) facades.set(chunk.fileName, facade);
      }
      if (facades.size === 0) return;
      const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // Every written file but the facades, by name, as it stands once rewritten.
      const written = new Map<string, string>();
      for (const chunk of chunks) {
        if (facades.has(chunk.fileName)) continue;
        const file = path.join(outDir, chunk.fileName);
        const original = readFileSync(file, 'utf8');
        let code = original;
        for (const [fileName, { target, names }] of facades) {
          const own = path.posix.basename(fileName);
          const namespace = `({${names.map(([exported, local]) => `${JSON.stringify(exported)}:m[${JSON.stringify(local)}]`).join(',')}})`;
          code = code
            .replace(
              new RegExp(`import\\((["'\`])\\./${escapeRegExp(own)}\\1\\)`, 'g'),
              (_, quote: string) =>
                `import(${quote}./${path.posix.basename(target)}${quote}).then(m=>${namespace})`,
            )
            .replaceAll(`"${fileName}"`, () => JSON.stringify(target));
        }
        if (code !== original) writeFileSync(file, code);
        written.set(chunk.fileName, code);
      }
      written.set('index.html', readFileSync(path.join(outDir, 'index.html'), 'utf8'));
      for (const fileName of facades.keys()) {
        const own = path.posix.basename(fileName);
        const namer = [...written].find(([, code]) => code.includes(own))?.[0];
        if (namer) throw new Error(`${path.basename(namer)} still names the facade ${own}`);
        rmSync(path.join(outDir, fileName));
      }
    },
  };
}

function preloadFiles(): Plugin {
  /** The early pages, read at the build's end, and those whose modules import the money format. */
  let earlyPages: Awaited<ReturnType<typeof readEarlyPages>> = [];
  const pagesWithAmounts = new Set<string>();
  return {
    name: 'roam:preload-files',
    apply: 'build',
    async buildEnd() {
      earlyPages = await readEarlyPages();
      pagesWithAmounts.clear();
      for (const page of earlyPages) {
        const modules = page.modules.map((module) => path.resolve(import.meta.dirname, 'src', module));
        if (staticImportsOf(modules, (next) => this.getModuleInfo(next)).has(MONEY_FORMAT_MODULE)) {
          pagesWithAmounts.add(page.path);
        }
      }
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) return html;
        if (!html.includes(FIRST_PAINT_TAG)) throw new Error(`index.html has no ${FIRST_PAINT_TAG}`);
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const chunkOf = (fileName: string) => chunks.find((chunk) => chunk.fileName === fileName);
        // The chunk a module's dynamic import loads: its own, or a facade re-exporting it from a
        // group's chunk (the start's, from `common`), which would otherwise cost one more round trip.
        const chunkLoading = (module: string) => {
          const found = chunks.filter((chunk) => chunk.facadeModuleId === module);
          if (found.length !== 1) {
            throw new Error(
              `${found.length} chunks for ${path.relative(import.meta.dirname, module)}, not one`,
            );
          }
          return found[0]!;
        };
        /** Chunks' files and styles as links, leaving out (and adding to) `listed`. */
        const linksOf = (roots: readonly string[], listed: Set<string>) => {
          const files: string[] = [];
          const styles: string[] = [];
          const visit = (fileName: string) => {
            if (listed.has(fileName)) return;
            listed.add(fileName);
            const chunk = chunkOf(fileName);
            // A facade is not written (`withoutFacades`): its target, which it imports, is listed.
            if (!chunk || !facadeOf(chunk)) files.push(fileName);
            for (const css of chunk?.viteMetadata?.importedCss ?? []) {
              if (!listed.has(css)) styles.push(css);
              listed.add(css);
            }
            for (const imported of chunk?.imports ?? []) visit(imported);
          };
          for (const root of roots) visit(root);
          // Largest first: the browser asks in this order over a handful of connections, and the
          // framework, the longest download, would otherwise wait behind the small files. A
          // chunk's styles are preloaded, not applied: the dynamic-import helper adds each as its
          // chunk loads, after the entry's (which the page's first script comes before), and takes
          // it from the preload, with the same credentials mode.
          return [
            ...files
              .sort((a, b) => (chunkOf(b)?.code.length ?? 0) - (chunkOf(a)?.code.length ?? 0))
              .map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`),
            ...styles.map((fileName) => `<link rel="preload" as="style" crossorigin href="/${fileName}">`),
          ].join('');
        };
        // Each group leaves out what the page or an earlier group already asks for.
        const listed = new Set(Object.keys(bundle).filter((file) => html.includes(`/${file}"`)));
        const templates = PRELOADED.map(
          ({ template, module }) =>
            `<template id="${template}">${linksOf([chunkLoading(module).fileName], listed)}</template>`,
        );
        if (earlyPages.length === 0) throw new Error("the early pages were not read at the build's end");
        for (const page of earlyPages) {
          const pageListed = new Set(listed);
          // One list for all the page's modules, so the largest of them all comes first (the
          // framework's, then the page's own, before the small files).
          const links = linksOf(
            page.modules.map(
              (module) => chunkLoading(path.resolve(import.meta.dirname, 'src', module)).fileName,
            ),
            pageListed,
          );
          const amounts = pagesWithAmounts.has(page.path) ? ' data-amounts' : '';
          templates.push(
            `<template data-page="${escapeAttribute(page.path)}" data-request="${escapeAttribute(page.request)}"${amounts}>${links}</template>`,
          );
        }
        return html.replace(FIRST_PAINT_TAG, () => `${templates.join('\n    ')}\n    ${FIRST_PAINT_TAG}`);
      },
    },
  };
}

/**
 * The entry's stylesheets moved down, right after the page's first script. A script the parser meets
 * after a stylesheet waits for that stylesheet to arrive: the first script's asks for a signed-in
 * page's files and data began a round trip and the stylesheet's download late (seen at 415 ms of a
 * 180 ms page on a throttled phone's network, the stylesheet in at 406). That script puts no
 * stylesheet in the document (it preloads them, see `linksOf`), so the kit's base rules still come
 * first in its one cascade layer.
 */
function entryStylesAfterFirstScript(html: string): string {
  // A line of its own (the file lists' templates hold stylesheets too, within their line).
  const stylesheets = html.match(/^[ \t]*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
  if (stylesheets.length === 0) return html;
  let rest = html;
  for (const link of stylesheets) rest = rest.replace(link, '');
  // Each on a line of its own under the script, as indented as it was.
  return rest.replace(FIRST_PAINT_TAG, () => `${FIRST_PAINT_TAG}\n${stylesheets.join('').trimEnd()}`);
}

const ZOD_LOADER = path.resolve(import.meta.dirname, 'src/lib/zod-loader.ts');
const ZOD_MEMBERS = path.resolve(import.meta.dirname, 'src/lib/zod-members.ts');

/**
 * zod comes when the panel first needs it, not with the start (src/lib/zod-loader.ts): every
 * `import ... from 'zod'` of the panel's client build but that of the members it loads
 * (src/lib/zod-members.ts) reaches the loader, whose `z` stands for zod once loaded. The prerender
 * (an SSR build, in Node, where schemas are built at once), the tests and the development server
 * import zod as it is.
 */
function deferredZod(): Plugin {
  return {
    name: 'roam:deferred-zod',
    apply: 'build',
    // Before the build's own resolution of packages, which would answer zod itself.
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== 'zod' || options.ssr || importer === ZOD_MEMBERS) return null;
      return ZOD_LOADER;
    },
  };
}

const FIRST_ANSWERS = path.resolve(import.meta.dirname, 'src/lib/first-answers.ts');

/**
 * The shapes of the answers pages paint first (src/lib/first-answers.ts), made from the contract's
 * schemas here and built as data: the module is run with tsx, as the early pages are, and its value
 * takes its place, so the panel reads those answers without zod and without the schemas. The tests
 * and the development server run the module as it is.
 */
function answerShapesAtBuild(): Plugin {
  return {
    name: 'roam:answer-shapes-at-build',
    apply: 'build',
    async load(id) {
      if (id !== FIRST_ANSWERS) return null;
      const module = await importAtBuild<typeof import('./src/lib/first-answers')>(
        './src/lib/first-answers.ts',
      );
      const shapes = JSON.stringify(JSON.stringify(module.firstAnswerShapes()));
      return `const shapes = JSON.parse(${shapes});\nexport const firstAnswerShapes = () => shapes;`;
    },
  };
}

/**
 * zod's JSON Schema conversion, left out of the panel: the panel never converts a schema, yet every
 * schema of zod's classic API refers to it (a schema's `toJSONSchema` method), so the bundler kept it
 * with zod, 17 KB more for the panel to download and run. Its modules are built as stubs
 * exporting the same names, each a function that says what is missing when called (or, for a method's
 * maker, makes such a function). The server, the tests and the development server use zod as it is.
 */
const ZOD_JSON_SCHEMA =
  /zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors|json-schema-generator)\.js$/;

/** The names an ES module exports: `export function|const|class name` and `export { a as b }`. */
function exportedNames(code: string): string[] {
  const declared = [...code.matchAll(/^export (?:async )?(?:function\*?|const|let|class) ([\w$]+)/gm)].map(
    (match) => match[1]!,
  );
  // `a as b` exports `b`.
  const exportedAs = (part: string) =>
    part
      .split(/\sas\s/)
      .at(-1)!
      .trim();
  const listed = [...code.matchAll(/^export \{([^}]*)\}/gm)].flatMap((match) =>
    match[1]!.split(',').map(exportedAs).filter(Boolean),
  );
  return [...new Set([...declared, ...listed])];
}

function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'roam:zod-without-json-schema',
    apply: 'build',
    load(id) {
      if (!ZOD_JSON_SCHEMA.test(id)) return null;
      const names = exportedNames(readFileSync(id, 'utf8'));
      if (names.length === 0) throw new Error(`${id}: no exports found to stand in for`);
      // A `create...` export makes a schema's method when the schema is made or its `~standard`
      // read (the router reads it): it must answer a method, which then says what is missing.
      return [
        "const notInPanel = () => { throw new Error('zod JSON Schema conversion is not in the panel build'); };",
        'const makesNotInPanel = () => notInPanel;',
        ...names.map((name) =>
          name.startsWith('create')
            ? `export { makesNotInPanel as ${name} };`
            : `export { notInPanel as ${name} };`,
        ),
      ].join('\n');
    },
  };
}

/**
 * The theme's CSS variables, made here (src/app/theme-css.ts) for the entry's stylesheet, as
 * `virtual:theme-variables.css`; the kit's provider is told not to make them (app-providers.tsx).
 */
const THEME_VARIABLES = 'virtual:theme-variables.css';

function themeVariables(): Plugin {
  return {
    name: 'roam:theme-variables',
    resolveId: (id) => (id === THEME_VARIABLES ? `\0${THEME_VARIABLES}` : null),
    load: (id) => (id === `\0${THEME_VARIABLES}` ? themeVariablesCss() : null),
  };
}

/**
 * The kit's defaults for the variables it would leave out, built by its module as the panel's
 * framework file runs (11 ms of a phone's script before the first paint, its JIT cold): only its
 * provider uses them, and it makes no variables in the panel (above). The build's module says so if
 * it is ever called.
 */
const KIT_DEFAULT_VARIABLES =
  /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;

function kitVariablesNotMade(): Plugin {
  return {
    name: 'roam:kit-variables-not-made',
    apply: 'build',
    load(id) {
      if (!KIT_DEFAULT_VARIABLES.test(id)) return null;
      return "export function removeDefaultVariables() { throw new Error('the panel makes its CSS variables at build time: withCssVariables is off'); }";
    },
  };
}

/**
 * A stylesheet that comes with a screen's or a popup's code (the bundler's preload helper adds it)
 * goes at the end of the page, not of its head. The kit renders style elements inside the page
 * (its global classes, a responsive prop's rules), so a sheet added to the head lands before them:
 * Chromium then takes the page's sheets as changed rather than added to, and as the kit's sheets
 * declare a cascade layer, it rebuilds its fonts and restyles and lays out the whole page ("Fonts
 * changed" in a trace). On a phone's users list that was twice after the first paint (the popups'
 * kit, then the date picker's), each a whole-page style and layout pass. Last in the page, a sheet
 * is added to the others and only what its rules match is restyled. The cascade is the same: the
 * kit's layered rules still follow the entry's, and the few unlayered rules of these sheets name
 * only their own classes.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const HEAD_APPEND = 'document.head.appendChild(link);';

function lateStylesheetsLast(): Plugin {
  return {
    name: 'roam:late-stylesheets-last',
    apply: 'build',
    transform(code, id) {
      if (id !== PRELOAD_HELPER) return null;
      if (!code.includes(HEAD_APPEND)) throw new Error(`${id}: no ${HEAD_APPEND} to move stylesheets from`);
      return code.replace(HEAD_APPEND, () => '(isCss ? document.body : document.head).appendChild(link);');
    },
  };
}

/**
 * public/first-paint.js inlined in the built page, minified (its comments were two thirds of it, in
 * every page's first response): it runs before the first paint, and as a file it cost a phone's
 * first paint a request. The server allows it by its hash in the page's Content-Security-Policy;
 * the development server serves the file.
 */
function inlineFirstPaint(): Plugin {
  return {
    name: 'roam:inline-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(FIRST_PAINT_TAG)) throw new Error(`index.html has no ${FIRST_PAINT_TAG}`);
        const file = path.resolve(import.meta.dirname, 'public/first-paint.js');
        const { code, errors } = minifySync(file, readFileSync(file, 'utf8'));
        if (errors.length > 0) throw new Error(`public/first-paint.js: ${errors[0]!.message}`);
        return entryStylesAfterFirstScript(html).replace(FIRST_PAINT_TAG, () => `<script>${code}</script>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    themeVariables(),
    kitVariablesNotMade(),
    deferredZod(),
    answerShapesAtBuild(),
    zodWithoutJsonSchema(),
    lateStylesheetsLast(),
    preloadFiles(),
    inlineFirstPaint(),
    withoutFacades(),
  ],
  server: {
    proxy: {
      ...Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_TARGET }])),
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Route components are loaded with dynamic imports (see src/app/router.tsx), so each page is
    // its own chunk and the sign-in page loads only the shared runtime plus its form.
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    testTimeout: 30_000,
  },
});
