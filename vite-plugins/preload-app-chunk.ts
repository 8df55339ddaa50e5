/**
 * index.html runs only the small boot script (src/app/boot/boot.ts), which starts the first
 * screen's requests and then imports the app (src/main.tsx) as a chunk of its own. Without a hint
 * the browser would learn of that chunk only once the boot has run; this plugin lists it in the
 * built page as `<link rel="modulepreload">` (with its static imports) and its style sheet, so it
 * downloads and compiles in parallel with the boot. The boot's `import()` then finds it loaded.
 *
 * It also marks the boot script `blocking="render"`: the page's static shell is not painted
 * before the boot has run, so the first requests leave before the browser spends its first
 * frame on the shell (browsers without the attribute paint the shell first, as before).
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  /** Every module in the chunk (the app's entry may share its chunk with others: first-page-chunks.ts). */
  moduleIds?: readonly string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
type BundleLike = Record<string, ChunkLike | { type: 'asset' }>;

/** The chunk of `entry` (a module path suffix, e.g. `/src/main.tsx`), its static imports, and their CSS. */
export function appChunkFiles(bundle: BundleLike, entry: string): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((output): output is ChunkLike => output.type === 'chunk');
  const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(entry) || chunk.moduleIds?.some((id) => id.endsWith(entry)));
  if (!root) throw new Error(`preload-app-chunk: no chunk for ${entry}`);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (chunk: ChunkLike | undefined): void => {
    if (!chunk || scripts.includes(chunk.fileName)) return;
    scripts.push(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) visit(byName.get(imported));
  };
  visit(root);
  return { scripts, styles: [...styles] };
}

/** `html` with its module scripts (the boot is the only one) marked render-blocking. */
export function renderBlockingScripts(html: string): string {
  return html.replace(/<script type="module"(?![^>]*\bblocking=)/g, '<script type="module" blocking="render"');
}

export function preloadAppChunk(entry = '/src/main.tsx'): Plugin {
  let base = '/';
  return {
    name: 'chartroom:preload-app-chunk',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, path }): { html: string; tags: HtmlTagDescriptor[] } {
        // Only the app's page: other pages built with this config (the bench's) have no boot.
        if (!bundle || path !== '/index.html') return { html, tags: [] };
        const listed = (file: string) => html.includes(`"${base}${file}"`);
        const { scripts, styles } = appChunkFiles(bundle, entry);
        const tags: HtmlTagDescriptor[] = [
          ...styles
            .filter((file) => !listed(file))
            .map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: base + file }, injectTo: 'head' })),
          ...scripts
            .filter((file) => !listed(file))
            .map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: base + file }, injectTo: 'head' })),
        ];
        return { html: renderBlockingScripts(html), tags };
      },
    },
  };
}
