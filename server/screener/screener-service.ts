/**
 * The screener's service: one ScreenerUniverse per market and type a screen asked for, the
 * catalogue's names of their symbols, and a screen's answer (ScreenAnswer) over what is warm.
 * One instance's: with REDIS_URL, server/redis/redis-screens.ts puts one instance in charge of each
 * universe and has the others ask it.
 */
import type { CatalogEntry } from '#shared/catalog.ts';
import { evaluateScreen } from '#shared/screener/screen-evaluate.ts';
import type { ScreenUniverse } from '#shared/screener/screen-model.ts';
import { MAX_SPARK, type ScreenAnswer, type ScreenRequest, type SparksAnswer, type SparksRequest } from '#shared/screener/screener-protocol.ts';
import type { ScreenerMetricsSource } from '../metrics/chartroom-metrics.ts';
import type { CatalogService } from '../search/catalog-service.ts';
import { ScreenerUniverse, type ScreenerAsk, type ScreenerUniverseOptions } from './screener-universe.ts';

export type RowName = ScreenAnswer['names'][number];

export interface ScreenerServiceOptions extends Pick<
  ScreenerUniverseOptions,
  'concurrency' | 'maxPerMinute' | 'refreshMs' | 'idleMs' | 'now' | 'log' | 'onRequest' | 'filter'
> {
  ask: ScreenerAsk;
  catalog: Pick<CatalogService, 'document'>;
  /** Each screen's evaluation time (ms), for /metrics. */
  onEvaluated?: (ms: number) => void;
}

export interface ScreenerService {
  /** The universe of a screen, made (cold) on first ask. */
  universe(universe: ScreenUniverse): ScreenerUniverse;
  /** Evaluates a checked request over its universe, starting its warm-up if need be. */
  screen(request: ScreenRequest): Promise<ScreenAnswer>;
  /** The last daily closes of a checked request's symbols, from a universe a screen has warmed (none from one never screened). */
  sparks(request: SparksRequest): Promise<SparksAnswer>;
  stats(): ScreenerMetricsSource[];
  /** Forgets every universe (the simulator's clock or plan changed): the next screen warms afresh. */
  reset(): void;
  stop(): void;
}

const CJK = /[\u3400-\u9fff]/;

const keyOf = (universe: ScreenUniverse): string => `${universe.market} ${universe.type}`;

export function createScreenerService(options: ScreenerServiceOptions): ScreenerService {
  const universes = new Map<string, ScreenerUniverse>();
  let names: { entries: readonly CatalogEntry[]; bySymbol: Map<string, RowName> } | undefined;

  const entries = async (): Promise<readonly CatalogEntry[]> => {
    const answer = await options.catalog.document();
    if (answer.kind !== 'ready') throw new Error(`the catalogue is not ready (retry in ${String(answer.retryAfterMs)} ms)`);
    return answer.document.index.entries;
  };

  /** Names by symbol and type, rebuilt when the catalogue's index changes. */
  const nameMap = async (): Promise<Map<string, RowName>> => {
    const current = await entries().catch(() => undefined);
    if (!current) return names?.bySymbol ?? new Map();
    if (names?.entries !== current) {
      const bySymbol = new Map<string, RowName>();
      for (const [symbol, type, , name, nameEn, nameCn, nameHk] of current) {
        // The catalogue leaves out a language's name where it is the primary one (`name`).
        const row: NonNullable<RowName> = {};
        const chinese = CJK.test(name);
        const en = nameEn !== '' ? nameEn : chinese ? '' : name;
        const hans = nameCn !== '' ? nameCn : chinese ? name : '';
        if (en !== '') row.en = en;
        if (hans !== '') row.hans = hans;
        if (nameHk !== '') row.hant = nameHk;
        bySymbol.set(`${type} ${symbol}`, Object.keys(row).length > 0 ? row : null);
      }
      names = { entries: current, bySymbol };
    }
    return names.bySymbol;
  };

  const universeOf = (universe: ScreenUniverse): ScreenerUniverse => {
    const key = keyOf(universe);
    let kept = universes.get(key);
    if (!kept) {
      kept = new ScreenerUniverse({
        ...options,
        universe: { market: universe.market, type: universe.type },
        catalogSymbols: async () =>
          (await entries()).filter(([, type, market]) => type === universe.type && market === universe.market).map(([symbol]) => symbol),
      });
      universes.set(key, kept);
    }
    return kept;
  };

  return {
    universe: universeOf,
    async screen(request) {
      const { screen } = request;
      const universe = universeOf(screen.universe);
      universe.touch();
      const started = performance.now();
      const result = evaluateScreen(screen, universe.symbols());
      const tookMs = performance.now() - started;
      options.onEvaluated?.(tookMs);
      const byName = await nameMap();
      const spark = Math.min(MAX_SPARK, Math.max(0, Math.floor(request.spark ?? 0)));
      return {
        ...result,
        state: universe.isReady ? 'ready' : 'warming',
        warmUp: universe.progress(),
        asOf: universe.asOf,
        tookMs,
        names: result.rows.map((row) => byName.get(`${screen.universe.type} ${row.symbol}`) ?? null),
        ...(spark > 0 && { sparks: result.rows.map((row) => universe.closes(row.symbol, spark)) }),
      };
    },
    sparks({ universe, symbols, count }) {
      const kept = universes.get(keyOf(universe));
      return Promise.resolve({ closes: symbols.map((symbol) => kept?.closes(symbol, count) ?? []) });
    },
    stats() {
      return [...universes.values()].map((universe) => {
        const progress = universe.progress();
        return { universe: universe.label, total: progress.total, ready: progress.ready, warmUpRequests: universe.warmUpRequests, requests: universe.requests };
      });
    },
    reset() {
      for (const universe of universes.values()) universe.stop();
      universes.clear();
    },
    stop() {
      for (const universe of universes.values()) universe.stop();
    },
  };
}
