/**
 * Each kind's code, loaded when an indicator of that kind is on the chart: a dynamic import per
 * kind (indicator-loaders, itself loaded on the first need, so the first page carries none of
 * their names), and a chart of moving averages never downloads KDJ. SMA (the default's) is bundled
 * with the chart and draws on first load; a kind loads once and is kept.
 */
import type { IndicatorFactory } from '../../lib/indicators/indicator';
import type { IndicatorKind } from '../../lib/indicators/kinds';
import { create as sma } from '../../lib/indicators/sma';

const loaded = new Map<IndicatorKind, IndicatorFactory>([['sma', sma]]);
const loading = new Map<IndicatorKind, Promise<void>>();

/** The factory of `kind` if its code is here already. */
export function loadedFactory(kind: IndicatorKind): IndicatorFactory | undefined {
  return loaded.get(kind);
}

/** Loads the code of every kind in `kinds` not loaded yet; resolves once all are (a failed load rejects and may be tried again). */
export function loadKinds(kinds: Iterable<IndicatorKind>): Promise<void> {
  const pending = [...new Set(kinds)]
    .filter((kind) => !loaded.has(kind))
    .map((kind) => {
      let promise = loading.get(kind);
      if (!promise) {
        promise = import('./indicator-loaders')
          .then(({ LOADERS }) => LOADERS[kind]())
          .then(
            (module) => {
              loaded.set(kind, module.create);
            },
            (error: unknown) => {
              loading.delete(kind);
              throw error;
            },
          );
        loading.set(kind, promise);
      }
      return promise;
    });
  return Promise.all(pending).then(() => undefined);
}
