/**
 * The first screen in as few files as its load order allows. Left to itself, Rolldown cuts every
 * module shared between the app and a lazy panel into a small chunk of its own (contract,
 * api-error, query keys, jsx-runtime…): a dozen requests of under 9 KiB on the first page, each a
 * round trip and worse compression, the smallest too small to be precompressed. Here:
 *
 * - boot: the page's script and everything it imports statically;
 * - chart-adapter: the chart library and the adapter's static imports (the early chart loads it in
 *   parallel with the app), held together: the indicators' shared code (the SMA, the stream helpers)
 *   stays in it when the on-demand indicator chunks import it too, rather than becoming two more
 *   small files on the first page;
 * - app: the app (src/main.tsx) and its static imports, but the chart's;
 * - beside-chart: what renders once the chart's first candle is drawn (watchlists, markets, the
 *   header's session state) and their static imports.
 *
 * Each loads on every page, in that order; lazy panels import from them, never the other way round.
 */

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Ids of the roots and every module they import statically, directly or not. */
export function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) stack.push(imported);
  }
  return seen;
}

/** Absolute module ids of each chunk's roots. */
export interface FirstScreenRoots {
  /** The page's script. */
  boot: string;
  /**
   * Small modules that chunks loaded later share without tying one to another (the events and
   * the new-version flag the page's parts pass each other): in the boot's chunk, which every page
   * has loaded already, so the offline side (loaded at the first candle, or at once on a repeat
   * visit) never brings the app's or the beside-chart chunk with it.
   */
  bootShared?: readonly string[];
  /** The app the boot imports. */
  app: string;
  /** The chart library's chunk (loaded by the early chart and the app alike). */
  chart: string;
  /** Rendered after the first candle. */
  besideChart: readonly string[];
  /**
   * Modules a first-screen barrel re-exports that only lazy code uses (e.g. TanStack Query's
   * dehydrate and hydrate, src/app/offline/): in the barrel's static closure, they would otherwise
   * be placed in its chunk and load on every first page.
   */
  onDemand?: readonly RegExp[];
}

/** The chart library's chunk, with the chart adapter. */
export const CHART_CHUNK = 'chart-adapter';

/** The name of the chunk that loads after the first candle (scripts/bundle-size.ts finds it by it). */
export const BESIDE_CHART_CHUNK = 'beside-chart';

export type FirstScreenChunk = 'boot' | typeof CHART_CHUNK | 'app' | typeof BESIDE_CHART_CHUNK;

/** The chunk a module belongs to, or undefined (Rolldown decides: lazy code). */
export function firstScreenChunkOf(roots: FirstScreenRoots): (id: string, graph: ModuleGraph) => FirstScreenChunk | undefined {
  let closures: { boot: Set<string>; app: Set<string>; chart: Set<string>; besideChart: Set<string> } | undefined;
  return (id, graph) => {
    closures ??= {
      boot: staticClosure(graph, [roots.boot, ...(roots.bootShared ?? [])]),
      app: staticClosure(graph, [roots.app]),
      chart: staticClosure(graph, [roots.chart]),
      besideChart: staticClosure(graph, roots.besideChart),
    };
    if (roots.onDemand?.some((pattern) => pattern.test(id))) return undefined;
    if (closures.boot.has(id)) return 'boot';
    if (closures.chart.has(id)) return CHART_CHUNK;
    if (closures.app.has(id)) return 'app';
    if (closures.besideChart.has(id)) return BESIDE_CHART_CHUNK;
    return undefined;
  };
}
