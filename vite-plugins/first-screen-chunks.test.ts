import { describe, expect, it } from 'vitest';
import { firstScreenChunkOf, staticClosure } from './first-screen-chunks.ts';

/** A module graph from `id: static imports` (dynamic imports are simply not listed). */
function graphOf(edges: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => (id in edges ? { importedIds: edges[id] ?? [] } : null) };
}

// boot → store → react; boot imports main dynamically. main → app → (store, ui, chart-adapter);
// chart-adapter → charts; watchlist → (ui, list); trades (lazy) → (ui, table).
const graph = graphOf({
  boot: ['store'],
  store: ['react'],
  react: [],
  main: ['app'],
  app: ['store', 'ui', 'chart-adapter'],
  ui: [],
  'chart-adapter': ['charts'],
  charts: [],
  watchlist: ['ui', 'list'],
  list: [],
  trades: ['ui', 'table'],
  table: [],
});

describe('staticClosure', () => {
  it('follows static imports transitively, once per module', () => {
    expect(staticClosure(graph, ['main'])).toEqual(new Set(['main', 'app', 'store', 'react', 'ui', 'chart-adapter', 'charts']));
    expect(staticClosure(graph, ['watchlist', 'trades'])).toEqual(new Set(['watchlist', 'trades', 'ui', 'list', 'table']));
  });
});

describe('firstScreenChunkOf', () => {
  const chunkOf = firstScreenChunkOf({ boot: 'boot', app: 'main', chart: 'chart-adapter', besideChart: ['watchlist'] });
  const place = (id: string) => chunkOf(id, graph);

  it("keeps the boot's closure in the boot's chunk, even what the app also imports", () => {
    expect(['boot', 'store', 'react'].map(place)).toEqual(['boot', 'boot', 'boot']);
  });

  it("puts the app's own modules in one chunk, the chart library's with the adapter in another", () => {
    expect(['main', 'app', 'ui'].map(place)).toEqual(['app', 'app', 'app']);
    expect(['chart-adapter', 'charts'].map(place)).toEqual(['chart-adapter', 'chart-adapter']);
  });

  it('puts what renders beside the chart in its own chunk, minus what the app has already', () => {
    expect(['watchlist', 'list'].map(place)).toEqual(['beside-chart', 'beside-chart']);
  });

  it('leaves lazy panels to the bundler', () => {
    expect(['trades', 'table'].map(place)).toEqual([undefined, undefined]);
  });
  it("puts the modules the boot's chunk is to share in it, with their imports, though the boot does not import them", () => {
    const sharing = firstScreenChunkOf({ boot: 'boot', bootShared: ['list'], app: 'main', chart: 'chart-adapter', besideChart: ['watchlist'] });
    expect(['list', 'watchlist', 'store'].map((id) => sharing(id, graph))).toEqual(['boot', 'beside-chart', 'boot']);
  });
});
