/** A dynamic import per kind: each indicator's code in a chunk of its own (indicator-registry loads this on its first need). */
import type { IndicatorFactory } from '#shared/indicators/indicator.ts';
import type { IndicatorKind } from '#shared/indicators/kinds.ts';

type Module = Promise<{ create: IndicatorFactory }>;

export const LOADERS: Record<IndicatorKind, () => Module> = {
  sma: () => import('#shared/indicators/sma.ts'),
  ema: () => import('#shared/indicators/ema.ts'),
  wma: () => import('#shared/indicators/wma.ts'),
  bollinger: () => import('#shared/indicators/bollinger.ts'),
  vwap: () => import('#shared/indicators/vwap.ts'),
  'volume-ma': () => import('#shared/indicators/volume-ma.ts'),
  macd: () => import('#shared/indicators/macd.ts'),
  rsi: () => import('#shared/indicators/rsi.ts'),
  kdj: () => import('#shared/indicators/kdj.ts'),
  stochastic: () => import('#shared/indicators/stochastic.ts'),
  atr: () => import('#shared/indicators/atr.ts'),
  obv: () => import('#shared/indicators/obv.ts'),
  cci: () => import('#shared/indicators/cci.ts'),
  'williams-r': () => import('#shared/indicators/williams-r.ts'),
  dmi: () => import('#shared/indicators/dmi.ts'),
  psar: () => import('#shared/indicators/psar.ts'),
  ichimoku: () => import('#shared/indicators/ichimoku.ts'),
};
