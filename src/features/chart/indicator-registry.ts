/**
 * Each kind's code, loaded when an indicator of that kind is on the chart: a dynamic import per
 * kind (indicator-loaders, itself loaded on the first need, so the first page carries none of
 * their names), and a chart of moving averages never downloads KDJ. SMA (the default's) is bundled
 * with the chart and draws on first load; a kind loads once and is kept.
 */
import type { IndicatorFactory } from '#shared/indicators/indicator.ts';
import type { IndicatorKind } from '#shared/indicators/kinds.ts';
import { create as sma } from '#shared/indicators/sma.ts';

const loaded = new Map<IndicatorKind, IndicatorFactory>([['sma', sma]]);

/** The factory of `kind` if its code is here already. */
export function loadedFactory(kind: IndicatorKind): IndicatorFactory | undefined {
  return loaded.get(kind);
}

/**
 * Loads the code of every kind in `kinds` not loaded yet; resolves once all are. The browser's
 * module map holds each import once, so asking twice costs nothing; a failed load rejects.
 */
export function loadKinds(kinds: Iterable<IndicatorKind>): Promise<void> {
  const missing = [...kinds].filter((kind) => !loaded.has(kind));
  return Promise.all(
    missing.map(async (kind) => {
      const { LOADERS } = await import('./indicator-loaders');
      loaded.set(kind, (await LOADERS[kind]()).create);
    }),
  ).then(() => undefined);
}
