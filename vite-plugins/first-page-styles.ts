/**
 * The first page's style sheet carries the Tailwind utilities of the first page's code only
 * (src/index.css); the utilities of everything loaded on demand come with that code
 * (src/styles/on-demand.css). Tailwind makes utilities from the files it scans, so the first
 * page's sheet scans the modules its code imports statically, listed in
 * src/styles/first-page-sources.css. That list is made here: a unit test fails when it is stale,
 * and `npx tsx vite-plugins/first-page-styles.ts` writes it again.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticClosure } from './first-screen-chunks.ts';
import { FIRST_SCREEN_ROOTS } from './first-screen-roots.ts';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const FIRST_PAGE_SOURCES_FILE = resolve(PROJECT, 'src/styles/first-page-sources.css');

/**
 * The specifiers a module imports statically, erased type-only imports excepted (`import type`,
 * `export type`); `import()` is not static. Matches declarations at the start of a line only, so a
 * comment quoting one does not count.
 */
const STATIC_IMPORT = /^[ \t]*(?:import|export)\s+(?!type\s)(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/gm;

export function staticSpecifiers(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((match) => match[1] as string);
}

/** The file a relative specifier names (extension left out, or a folder's index), or undefined. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((path) => existsSync(path) && /\.(ts|tsx)$/.test(path));
}

/**
 * The app's modules (src/, project-relative, sorted) the first screen's roots import statically,
 * directly or not. Packages and `#shared` are not followed: Tailwind does not scan them.
 */
export function firstPageModules(project = PROJECT): string[] {
  const roots = [FIRST_SCREEN_ROOTS.boot, ...FIRST_SCREEN_ROOTS.bootShared, FIRST_SCREEN_ROOTS.app, FIRST_SCREEN_ROOTS.chart];
  // The build's own walk (first-screen-chunks), over the graph the files' import lines make.
  const graph = {
    getModuleInfo: (file: string) => ({
      importedIds: staticSpecifiers(readFileSync(file, 'utf8')).flatMap((specifier) =>
        specifier.startsWith('.') ? (resolveRelative(file, specifier) ?? []) : [],
      ),
    }),
  };
  const files = staticClosure(
    graph,
    roots.map((root) => resolve(project, root)),
  );
  return [...files].map((file) => relative(project, file)).sort();
}

/** A dynamic import, with what precedes it on its line (the call it is made in). */
const DYNAMIC_IMPORT = /^(.*?)\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
/** The loaders that wait for the on-demand utilities (src/styles/on-demand-styles.ts). */
const WAITS_FOR_STYLES = /\b(lazyWithPreload|withOnDemandStyles)\(/;

/**
 * First-page modules' loads of a component (a .tsx module) that do not wait for the on-demand
 * utilities, as `file: specifier`: such a component would show unstyled, its utilities being in
 * no sheet the page has.
 */
export function unstyledComponentLoads(modules: readonly string[], project = PROJECT): string[] {
  const found: string[] = [];
  const onFirstPage = new Set(modules.map((module) => resolve(project, module)));
  for (const module of modules) {
    const file = resolve(project, module);
    for (const [, before = '', specifier = ''] of readFileSync(file, 'utf8').matchAll(DYNAMIC_IMPORT)) {
      // A type (`typeof import(…)`) loads nothing; the app the boot imports is the first page's.
      if (/\btypeof\s*$/.test(before) || !specifier.startsWith('.')) continue;
      const imported = resolveRelative(file, specifier);
      if (!imported?.endsWith('.tsx') || onFirstPage.has(imported)) continue;
      if (!WAITS_FOR_STYLES.test(before)) found.push(`${module}: ${specifier}`);
    }
  }
  return found;
}

/** The sources file's text: index.html's static shell, then each first-page module. */
export function firstPageSourcesCss(modules: readonly string[]): string {
  const lines = ['../../index.html', ...modules.map((module) => relative('src/styles', module))].map((path) => `@source '${path}';`);
  return [
    '/*',
    ' * The files whose Tailwind utilities the first page carries (src/index.css): index.html and the',
    ' * modules the first screen imports statically. Made by vite-plugins/first-page-styles.ts; do not',
    ' * edit: `npx tsx vite-plugins/first-page-styles.ts` writes it again.',
    ' */',
    ...lines,
    '',
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(FIRST_PAGE_SOURCES_FILE, firstPageSourcesCss(firstPageModules()));
  console.log(`wrote ${relative(PROJECT, FIRST_PAGE_SOURCES_FILE)}`);
}
