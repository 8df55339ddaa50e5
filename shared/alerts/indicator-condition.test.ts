import { describe, expect, it } from 'vitest';
import { kindSpec, paramsFor } from '../indicators/catalog.ts';
import { INDICATOR_KINDS } from '../indicators/kinds.ts';
import { indicatorConditionIssues, indicatorConditionSchema, type IndicatorCondition, type LineRef } from './indicator-condition.ts';
import { INDICATOR_FACTORIES } from './indicator-condition-factories.ts';
import { OUTPUT_KEYS } from './indicator-condition-outputs.ts';
import { indicatorConditionText } from './indicator-condition-text.ts';
import { bollingerLine, closeLine, condition, maLine, rsiLine } from './indicator-condition.test-support.ts';

const macdLine = (output: string): LineRef => ({ source: 'indicator', indicator: 'macd', params: { fast: 12, slow: 26, signal: 9 }, output });

describe('OUTPUT_KEYS', () => {
  it.each(INDICATOR_KINDS)('names the outputs %s has, in its order, one per catalog line', (kind) => {
    const indicator = INDICATOR_FACTORIES[kind](paramsFor(kind), 0);
    expect(OUTPUT_KEYS[kind]).toEqual(indicator.outputs.map((output) => output.key));
    expect(OUTPUT_KEYS[kind]).toHaveLength(kindSpec(kind).lines.length);
  });
});

describe('indicatorConditionIssues', () => {
  const rsiAbove70 = condition({ line: rsiLine(14), operator: 'crosses-above' }, 70);

  it('accepts a condition of each operator, mode and kind of line', () => {
    expect(indicatorConditionIssues(rsiAbove70)).toEqual([]);
    expect(indicatorConditionIssues(condition({ line: maLine(20), operator: 'crosses', interval: '1d', against: { kind: 'line', line: maLine(50) } }))).toEqual(
      [],
    );
    expect(
      indicatorConditionIssues(condition({ line: closeLine, operator: 'above', on: 'tick', against: { kind: 'line', line: bollingerLine('upper') } })),
    ).toEqual([]);
    expect(indicatorConditionIssues(condition({ line: macdLine('macd'), operator: 'below', against: { kind: 'line', line: macdLine('signal') } }))).toEqual([]);
    const vwap: LineRef = { source: 'indicator', indicator: 'vwap', params: {}, output: 'value' };
    expect(
      indicatorConditionIssues(condition({ line: { source: 'price', field: 'low' }, operator: 'crosses-below', against: { kind: 'line', line: vwap } })),
    ).toEqual([]);
  });

  it('accepts every kind with its default parameters, on each of its lines', () => {
    for (const kind of INDICATOR_KINDS) {
      for (const output of OUTPUT_KEYS[kind]) {
        const line: LineRef = { source: 'indicator', indicator: kind, params: paramsFor(kind), output };
        expect(indicatorConditionIssues(condition({ line, operator: 'crosses' })), `${kind} ${output}`).toEqual([]);
      }
    }
  });

  it('keeps only the keys of a condition when parsing', () => {
    const parsed = indicatorConditionSchema.parse({ ...rsiAbove70, note: 'x', line: { ...rsiLine(14), colour: 'red' } });
    expect(parsed).toEqual(rsiAbove70);
  });

  it('refuses an unknown indicator, saying where', () => {
    const [issue] = indicatorConditionIssues({ ...rsiAbove70, line: { ...rsiLine(14), indicator: 'supertrend' } });
    expect(issue).toMatch(/^line\.indicator: expected one of sma, ema, .*ichimoku$/);
  });

  it('refuses a line the indicator does not have, naming those it has', () => {
    expect(indicatorConditionIssues({ ...rsiAbove70, line: { ...rsiLine(14), output: 'upper' } })).toEqual([
      'line: RSI has no line "upper" (its lines: value)',
    ]);
    const against = { kind: 'line', line: bollingerLine('upper') };
    expect(indicatorConditionIssues({ ...rsiAbove70, against: { ...against, line: { ...against.line, output: 'mid' } } })).toEqual([
      'against.line: BOLL has no line "mid" (its lines: upper, middle, lower)',
    ]);
  });

  it('holds parameters to the catalog: its limits, whole numbers where it has no step, every one and no other', () => {
    const withParams = (params: Record<string, number>): IndicatorCondition => ({ ...rsiAbove70, line: { ...rsiLine(), params } });
    expect(indicatorConditionIssues(withParams({ period: 0 }))).toEqual(["line: RSI's period must be a whole number from 1 to 500, got 0"]);
    expect(indicatorConditionIssues(withParams({ period: 501 }))).toEqual(["line: RSI's period must be a whole number from 1 to 500, got 501"]);
    expect(indicatorConditionIssues(withParams({ period: 14.5 }))).toEqual(["line: RSI's period must be a whole number from 1 to 500, got 14.5"]);
    expect(indicatorConditionIssues(withParams({}))).toEqual(["line: RSI's period is missing"]);
    expect(indicatorConditionIssues(withParams({ period: 14, length: 3 }))).toEqual(['line: RSI has no parameter "length"']);
    expect(indicatorConditionIssues({ ...rsiAbove70, line: bollingerLine('upper', 20, 2.5) })).toEqual([]);
    expect(indicatorConditionIssues({ ...rsiAbove70, line: bollingerLine('upper', 20, 12) })).toEqual([
      "line: BOLL's k must be a number from 0.1 to 10, got 12",
    ]);
    expect(indicatorConditionIssues({ ...rsiAbove70, line: { ...rsiLine(), params: { period: '14' } } })).toEqual(['line.params.period: expected number']);
  });

  it('refuses a line compared with itself', () => {
    expect(indicatorConditionIssues(condition({ line: maLine(20), operator: 'crosses', against: { kind: 'line', line: maLine(20) } }))).toEqual([
      'the line is compared with itself',
    ]);
  });

  it('names the field that is wrong elsewhere', () => {
    expect(indicatorConditionIssues({ ...rsiAbove70, interval: '2d' })).toEqual([expect.stringMatching(/^interval: expected one of 1m, 3m/)]);
    expect(indicatorConditionIssues({ ...rsiAbove70, operator: 'crosses-up' })).toEqual([expect.stringMatching(/^operator: expected one of crosses-above/)]);
    expect(indicatorConditionIssues({ ...rsiAbove70, on: 'close' })).toEqual(['on: expected one of bar-close, tick']);
    expect(indicatorConditionIssues({ ...rsiAbove70, line: { source: 'volume' } })).toEqual(['line.source: expected one of price, indicator']);
    expect(indicatorConditionIssues({ ...rsiAbove70, line: { source: 'price', field: 'hl2' } })).toEqual([
      'line.field: expected one of close, open, high, low',
    ]);
    expect(indicatorConditionIssues({ ...rsiAbove70, against: { kind: 'level', value: Number.NaN } })).toEqual(['against.value: expected number']);
    expect(indicatorConditionIssues({ ...rsiAbove70, against: { kind: 'band' } })).toEqual(['against.kind: expected one of level, line']);
    expect(indicatorConditionIssues({ ...rsiAbove70, kind: 'cross' })).toEqual(['kind: expected one of indicator']);
    expect(indicatorConditionIssues('RSI > 70')).toEqual(['expected object']);
  });
});

describe('indicatorConditionText', () => {
  it('says the condition as the trade writes it', () => {
    expect(indicatorConditionText(condition({ line: rsiLine(14), operator: 'crosses-above' }, 70))).toBe('RSI(14) on 1h crosses above 70');
    expect(
      indicatorConditionText(condition({ interval: '1d', line: maLine(20), operator: 'crosses-above', against: { kind: 'line', line: maLine(50) } })),
    ).toBe('MA(20) crosses above MA(50) on 1d');
    expect(indicatorConditionText(condition({ line: closeLine, operator: 'above', against: { kind: 'line', line: bollingerLine('upper') } }))).toBe(
      'close above BOLL(20, 2) UPPER on 1h',
    );
  });

  it('names the other line of the same indicator by its line alone, and an indicator without parameters by its name', () => {
    expect(
      indicatorConditionText(condition({ interval: '4h', line: macdLine('macd'), operator: 'crosses', against: { kind: 'line', line: macdLine('signal') } })),
    ).toBe('MACD(12, 26, 9) DIF crosses DEA on 4h');
    const vwap: LineRef = { source: 'indicator', indicator: 'vwap', params: {}, output: 'value' };
    expect(
      indicatorConditionText(
        condition({ interval: '5m', line: { source: 'price', field: 'low' }, operator: 'crosses-below', against: { kind: 'line', line: vwap } }),
      ),
    ).toBe('low crosses below VWAP on 5m');
    expect(indicatorConditionText(condition({ interval: '1w', line: bollingerLine('lower', 20, 2.5), operator: 'below' }, 99.5))).toBe(
      'BOLL(20, 2.5) LOWER on 1w below 99.5',
    );
  });
});
