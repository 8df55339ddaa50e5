/** A dynamic import per kind: each indicator's code in a chunk of its own (indicator-registry loads this on its first need). */
import type { IndicatorFactory } from '../../lib/indicators/indicator';
import type { IndicatorKind } from '../../lib/indicators/kinds';

type Module = Promise<{ create: IndicatorFactory }>;

export const LOADERS: Record<IndicatorKind, () => Module> = {
  sma: () => import('../../lib/indicators/sma'),
  ema: () => import('../../lib/indicators/ema'),
  wma: () => import('../../lib/indicators/wma'),
  bollinger: () => import('../../lib/indicators/bollinger'),
  vwap: () => import('../../lib/indicators/vwap'),
  'volume-ma': () => import('../../lib/indicators/volume-ma'),
  macd: () => import('../../lib/indicators/macd'),
  rsi: () => import('../../lib/indicators/rsi'),
  kdj: () => import('../../lib/indicators/kdj'),
  stochastic: () => import('../../lib/indicators/stochastic'),
  atr: () => import('../../lib/indicators/atr'),
  obv: () => import('../../lib/indicators/obv'),
  cci: () => import('../../lib/indicators/cci'),
  'williams-r': () => import('../../lib/indicators/williams-r'),
  dmi: () => import('../../lib/indicators/dmi'),
  psar: () => import('../../lib/indicators/psar'),
  ichimoku: () => import('../../lib/indicators/ichimoku'),
};
