/**
 * The output keys of each indicator (the library's `IndicatorOutput.key`, in its output order), as
 * data: a condition names a line by its key, and checking or naming that key must not load every
 * indicator's code (the app loads each kind's code only once it is on a chart). The catalog holds
 * the lines' display names in the same order but not their keys, so they are listed here;
 * indicator-condition.test.ts holds this table to what each indicator module really outputs.
 */
import { kindSpec } from '../indicators/catalog.ts';
import type { IndicatorKind } from '../indicators/kinds.ts';

export const OUTPUT_KEYS: Readonly<Record<IndicatorKind, readonly string[]>> = {
  sma: ['value'],
  ema: ['value'],
  wma: ['value'],
  bollinger: ['upper', 'middle', 'lower'],
  vwap: ['value'],
  'volume-ma': ['value'],
  macd: ['histogram', 'macd', 'signal'],
  rsi: ['value'],
  kdj: ['k', 'd', 'j'],
  stochastic: ['k', 'd'],
  atr: ['value'],
  obv: ['value'],
  cci: ['value'],
  'williams-r': ['value'],
  dmi: ['plus', 'minus', 'adx'],
  psar: ['value'],
  ichimoku: ['conversion', 'base', 'spanA', 'spanB'],
};

/** Where `output` sits among the indicator's values; -1 when it has no such line. */
export function outputIndex(kind: IndicatorKind, output: string): number {
  return OUTPUT_KEYS[kind].indexOf(output);
}

/**
 * The line's name as charting software writes it ("UPPER", "DEA", "+DI"); undefined for an
 * indicator of one line (its name says it) or an unknown key.
 */
export function outputLabel(kind: IndicatorKind, output: string): string | undefined {
  if (OUTPUT_KEYS[kind].length === 1) return undefined;
  return kindSpec(kind).lines[outputIndex(kind, output)];
}
