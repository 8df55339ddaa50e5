/**
 * Every indicator of the library by kind, loaded at once: the server evaluates whatever kind an
 * alert names, synchronously, on each bar. The app keeps its per-kind chunks
 * (src/features/chart/indicator-loaders.ts) and loads this only with the evaluator.
 */
import type { IndicatorFactory } from '../indicators/indicator.ts';
import type { IndicatorKind } from '../indicators/kinds.ts';
import { create as atr } from '../indicators/atr.ts';
import { create as bollinger } from '../indicators/bollinger.ts';
import { create as cci } from '../indicators/cci.ts';
import { create as dmi } from '../indicators/dmi.ts';
import { create as ema } from '../indicators/ema.ts';
import { create as ichimoku } from '../indicators/ichimoku.ts';
import { create as kdj } from '../indicators/kdj.ts';
import { create as macd } from '../indicators/macd.ts';
import { create as obv } from '../indicators/obv.ts';
import { create as psar } from '../indicators/psar.ts';
import { create as rsi } from '../indicators/rsi.ts';
import { create as sma } from '../indicators/sma.ts';
import { create as stochastic } from '../indicators/stochastic.ts';
import { create as volumeMa } from '../indicators/volume-ma.ts';
import { create as vwap } from '../indicators/vwap.ts';
import { create as williamsR } from '../indicators/williams-r.ts';
import { create as wma } from '../indicators/wma.ts';

export const INDICATOR_FACTORIES: Readonly<Record<IndicatorKind, IndicatorFactory>> = {
  sma,
  ema,
  wma,
  bollinger,
  vwap,
  'volume-ma': volumeMa,
  macd,
  rsi,
  kdj,
  stochastic,
  atr,
  obv,
  cci,
  'williams-r': williamsR,
  dmi,
  psar,
  ichimoku,
};
