import { describe, expect, it } from 'vitest';
import { indicatorConditionIssues, PRICE_FIELDS, type IndicatorCondition } from '#shared/alerts/indicator-condition.ts';
import { CATALOG } from '#shared/indicators/catalog.ts';
import { INDICATOR_KINDS } from '#shared/indicators/kinds.ts';
import { validateAlertForm, type AlertFormValues, type FormContext } from './alert-form';
import {
  defaultIndicatorValues,
  followIndicatorErrors,
  indicatorCondition,
  indicatorFieldOrder,
  indicatorValuesOf,
  issueFields,
  KIND_GROUPS,
  outputOf,
  paramText,
  previewText,
  withOutput,
  withParam,
  type IndicatorValues,
} from './indicator-form';

const rsi = (level: string, period?: string): IndicatorValues => {
  const values = { ...defaultIndicatorValues('1h'), level };
  return period === undefined ? values : { ...values, line: withParam(values.line, 'rsi', 'period', period) };
};

/** MA(a) against MA(b) on 1d. */
const maCross = (a: string, b: string): IndicatorValues => {
  const start = defaultIndicatorValues('1d');
  return {
    ...start,
    line: withParam({ ...start.line, pick: 'sma' }, 'sma', 'period', a),
    against: 'line',
    other: withParam({ ...start.other, pick: 'sma' }, 'sma', 'period', b),
  };
};

const RSI_70: IndicatorCondition = {
  kind: 'indicator',
  interval: '1h',
  line: { source: 'indicator', indicator: 'rsi', params: { period: 14 }, output: 'value' },
  operator: 'crosses-above',
  against: { kind: 'level', value: 70 },
  on: 'bar-close',
};

describe('the indicator condition of the alert dialog', () => {
  it('starts on the chart’s interval (1h without one), RSI with the catalog’s period, crossing above a level, on closed bars', () => {
    const start = defaultIndicatorValues(undefined);
    expect(start).toMatchObject({ interval: '1h', operator: 'crosses-above', against: 'level', level: '', on: 'bar-close' });
    expect(start.line.pick).toBe('rsi');
    expect(paramText(start.line, 'rsi', 'period')).toBe('14');
    expect(defaultIndicatorValues('1d').interval).toBe('1d');
    // Every kind's defaults are the catalog's, and a good condition.
    for (const spec of CATALOG) {
      const line = { ...start.line, pick: spec.kind };
      for (const param of spec.params) expect(paramText(line, spec.kind, param.key)).toBe(String(param.default));
      expect(indicatorCondition({ ...start, line, level: '1' }).ok, spec.kind).toBe(true);
    }
  });

  it('builds the condition in the schema’s key order, parameters in the catalog’s', () => {
    const result = indicatorCondition(rsi('70'));
    expect(result).toEqual({ ok: true, condition: RSI_70 });
    if (!result.ok) return;
    // The records sync compares values as JSON text: the order is part of the value.
    expect(JSON.stringify(result.condition)).toBe(JSON.stringify(RSI_70));
    expect(Object.keys(result.condition)).toEqual(['kind', 'interval', 'line', 'operator', 'against', 'on']);
    expect(Object.keys(result.condition.line)).toEqual(['source', 'indicator', 'params', 'output']);
    expect(Object.keys(result.condition.against)).toEqual(['kind', 'value']);
    const macd = indicatorCondition({ ...rsi('0'), line: withParam({ ...rsi('0').line, pick: 'macd' }, 'macd', 'signal', '5') });
    expect(macd.ok && JSON.stringify(macd.condition.line)).toBe(
      '{"source":"indicator","indicator":"macd","params":{"fast":12,"slow":26,"signal":5},"output":"macd"}',
    );
    const cross = indicatorCondition(maCross('20', '50'));
    expect(cross.ok && JSON.stringify(cross.condition)).toBe(
      '{"kind":"indicator","interval":"1d","line":{"source":"indicator","indicator":"sma","params":{"period":20},"output":"value"},"operator":"crosses-above",' +
        '"against":{"kind":"line","line":{"source":"indicator","indicator":"sma","params":{"period":50},"output":"value"}},"on":"bar-close"}',
    );
  });

  it.each([
    ['0', 'Period must be a whole number from 1 to 500, not “0”.'],
    ['501', 'Period must be a whole number from 1 to 500, not “501”.'],
    ['14.5', 'Period must be a whole number from 1 to 500, not “14.5”.'],
    ['abc', 'Period must be a whole number from 1 to 500, not “abc”.'],
    ['', 'Period: enter a whole number from 1 to 500.'],
  ])('refuses the RSI period %j beside its field, in the catalog’s limits', (period, message) => {
    expect(indicatorCondition(rsi('70', period))).toEqual({ ok: false, errors: { 'line.params.period': message } });
  });

  it('says every wrong field at once: each parameter, the level, the other line’s parameters', () => {
    const values = maCross('0', 'x');
    const boll = withParam(withParam({ ...values.other, pick: 'bollinger' }, 'bollinger', 'k', '0.05'), 'bollinger', 'period', '600');
    expect(indicatorCondition({ ...values, other: boll })).toEqual({
      ok: false,
      errors: {
        'line.params.period': 'Period must be a whole number from 1 to 500, not “0”.',
        'against.line.params.period': 'Period must be a whole number from 1 to 500, not “600”.',
        'against.line.params.k': 'Deviations must be a number from 0.1 to 10, not “0.05”.',
      },
    });
    expect(indicatorCondition(rsi('', '0'))).toEqual({
      ok: false,
      errors: { 'line.params.period': 'Period must be a whole number from 1 to 500, not “0”.', 'against.value': 'Enter the level, like 70.' },
    });
    expect(indicatorCondition(rsi('seventy'))).toEqual({
      ok: false,
      errors: { 'against.value': '“seventy” is not a number: type the level like 70.' },
    });
  });

  it('takes any number as a level: an oscillator’s 0, Williams %R’s −80, a thousands separator', () => {
    const level = (text: string) => {
      const result = indicatorCondition(rsi(text));
      return result.ok && result.condition.against;
    };
    expect(level('0')).toEqual({ kind: 'level', value: 0 });
    expect(level(' -80 ')).toEqual({ kind: 'level', value: -80 });
    expect(level('1,234.5')).toEqual({ kind: 'level', value: 1234.5 });
  });

  it('refuses exactly what the schema refuses, for every parameter of every kind at and past its limits', () => {
    for (const spec of CATALOG) {
      for (const param of spec.params) {
        const step = param.step ?? 1;
        for (const value of [param.min - step, param.min, param.max, param.max + step, param.min + step / 2]) {
          const start = rsi('1');
          const line = withParam({ ...start.line, pick: spec.kind }, spec.kind, param.key, String(value));
          const params = Object.fromEntries(spec.params.map((each) => [each.key, each.key === param.key ? value : each.default]));
          const schemaOk =
            indicatorConditionIssues({ ...RSI_70, line: { source: 'indicator', indicator: spec.kind, params, output: outputOf(line, spec.kind) } }).length ===
            0;
          const result = indicatorCondition({ ...start, line });
          expect(result.ok, `${spec.kind} ${param.key} ${String(value)}`).toBe(schemaOk);
          if (!result.ok) expect(Object.keys(result.errors)).toEqual([`line.params.${param.key}`]);
        }
      }
    }
  });

  it('refuses a line compared with itself, beside the other line; another period is a good condition', () => {
    expect(indicatorCondition(maCross('20', '20'))).toEqual({
      ok: false,
      errors: { 'against.line': 'The line is compared with itself: choose another line, or a level.' },
    });
    // A number missing in one: its default standing in is not a comparison with itself.
    expect(indicatorCondition(maCross('', '20'))).toEqual({ ok: false, errors: { 'line.params.period': 'Period: enter a whole number from 1 to 500.' } });
    expect(indicatorCondition(maCross('20', '50'))).toMatchObject({ ok: true, condition: { against: { kind: 'line' } } });
  });

  it('keeps what was typed for each kind when another is picked and back, and which line of several', () => {
    let values = rsi('70', '21');
    values = { ...values, line: { ...values.line, pick: 'macd' } };
    expect(outputOf(values.line, 'macd')).toBe('macd');
    values = { ...values, line: withOutput(values.line, 'macd', 'signal') };
    values = { ...values, line: { ...values.line, pick: 'rsi' } };
    expect(paramText(values.line, 'rsi', 'period')).toBe('21');
    expect(outputOf(values.line, 'macd')).toBe('signal');
    expect(indicatorCondition(values)).toMatchObject({ ok: true, condition: { line: { indicator: 'rsi', params: { period: 21 }, output: 'value' } } });
  });

  it.each<[string, IndicatorCondition]>([
    ['RSI(14) on 1h crosses above 70', RSI_70],
    [
      'MA(20) crosses MA(50) on 1d',
      {
        ...RSI_70,
        interval: '1d',
        line: { source: 'indicator', indicator: 'sma', params: { period: 20 }, output: 'value' },
        operator: 'crosses',
        against: { kind: 'line', line: { source: 'indicator', indicator: 'sma', params: { period: 50 }, output: 'value' } },
      },
    ],
    [
      'MACD DIF above DEA on every price',
      {
        ...RSI_70,
        interval: '15m',
        line: { source: 'indicator', indicator: 'macd', params: { fast: 8, slow: 21, signal: 5 }, output: 'macd' },
        operator: 'above',
        against: { kind: 'line', line: { source: 'indicator', indicator: 'macd', params: { fast: 8, slow: 21, signal: 5 }, output: 'signal' } },
        on: 'tick',
      },
    ],
    [
      'close below BOLL(20, 2.5) LOWER',
      {
        ...RSI_70,
        line: { source: 'price', field: 'close' },
        operator: 'crosses-below',
        against: { kind: 'line', line: { source: 'indicator', indicator: 'bollinger', params: { period: 20, k: 2.5 }, output: 'lower' } },
      },
    ],
    [
      '%R(14) below −80.25',
      {
        ...RSI_70,
        line: { source: 'indicator', indicator: 'williams-r', params: { period: 14 }, output: 'value' },
        operator: 'below',
        against: { kind: 'level', value: -80.25 },
      },
    ],
    [
      'SAR(0.015, 0.3) crosses a tiny level',
      {
        ...RSI_70,
        line: { source: 'indicator', indicator: 'psar', params: { step: 0.015, max: 0.3 }, output: 'value' },
        against: { kind: 'level', value: 1e-7 },
      },
    ],
    [
      'VWAP (no parameters) against high',
      {
        ...RSI_70,
        line: { source: 'indicator', indicator: 'vwap', params: {}, output: 'value' },
        against: { kind: 'line', line: { source: 'price', field: 'high' } },
      },
    ],
    [
      'Ichimoku Span B crosses Kijun on 1M',
      {
        ...RSI_70,
        interval: '1M',
        line: { source: 'indicator', indicator: 'ichimoku', params: { conversion: 9, base: 26, spanB: 52, shift: 0 }, output: 'spanB' },
        operator: 'crosses',
        against: {
          kind: 'line',
          line: { source: 'indicator', indicator: 'ichimoku', params: { conversion: 9, base: 26, spanB: 52, shift: 0 }, output: 'base' },
        },
      },
    ],
  ])('takes a saved condition into the form and back unchanged: %s', (_name, condition) => {
    expect(indicatorConditionIssues(condition)).toEqual([]);
    const result = indicatorCondition(indicatorValuesOf(condition));
    expect(result).toEqual({ ok: true, condition });
    expect(result.ok && JSON.stringify(result.condition)).toBe(JSON.stringify(condition));
  });

  it('previews the condition in words as it is typed, “…” where a number is missing', () => {
    expect(previewText(rsi('70'))).toBe('RSI(14) on 1h crosses above 70');
    expect(previewText(rsi(''))).toBe('RSI(14) on 1h crosses above …');
    expect(previewText(rsi('70', ''))).toBe('RSI(…) on 1h crosses above 70');
    expect(previewText(rsi('70', '0'))).toBe('RSI(0) on 1h crosses above 70');
    expect(previewText({ ...maCross('20', '50'), operator: 'crosses' })).toBe('MA(20) crosses MA(50) on 1d');
  });

  it('says each issue of the schema beside the field its path names', () => {
    const bad = { ...RSI_70, line: { source: 'indicator', indicator: 'bollinger', params: { period: 20, k: 2 }, output: 'top' } } as const;
    expect(indicatorConditionIssues(bad).flatMap((issue) => issueFields(issue, bad))).toEqual([
      ['line.output', expect.stringContaining('BOLL has no line "top"') as string],
    ]);
    expect(issueFields('interval: expected one of 1m, 3m', RSI_70)).toEqual([['interval', 'expected one of 1m, 3m']]);
    expect(issueFields('against.value: expected number', RSI_70)).toEqual([['against.value', 'expected number']]);
  });

  it('keeps a shown message in step with what is typed: changed while wrong, gone once right, none added, others kept', () => {
    const shown = { symbol: 'Enter the symbol', 'line.params.period': 'Period must be a whole number from 1 to 500, not “0”.' };
    expect(followIndicatorErrors(shown, rsi('', '600'))).toEqual({
      symbol: 'Enter the symbol',
      'line.params.period': 'Period must be a whole number from 1 to 500, not “600”.',
    });
    expect(followIndicatorErrors(shown, rsi('', '14'))).toEqual({ symbol: 'Enter the symbol' });
    // Another kind picked: the period's message goes with it.
    expect(followIndicatorErrors(shown, { ...rsi('70', '0'), line: { ...rsi('70', '0').line, pick: 'vwap' } })).toEqual({ symbol: 'Enter the symbol' });
  });

  it('orders the fields as the dialog shows them', () => {
    expect(indicatorFieldOrder(rsi('70'))).toEqual(['interval', 'line', 'line.params.period', 'line.output', 'operator', 'against.value', 'on']);
    expect(indicatorFieldOrder(maCross('20', '50'))).toEqual([
      'interval',
      'line',
      'line.params.period',
      'line.output',
      'operator',
      'against.line',
      'against.line.params.period',
      'against.line.output',
      'on',
    ]);
  });

  it('groups every kind once, and no price field is named as a kind', () => {
    expect(KIND_GROUPS.flatMap((group) => group.kinds).sort()).toEqual([...INDICATOR_KINDS].sort());
    expect(PRICE_FIELDS.filter((field) => (INDICATOR_KINDS as readonly string[]).includes(field))).toEqual([]);
  });
});

describe('validateAlertForm with an indicator condition', () => {
  const values: AlertFormValues = {
    symbol: 'AAPL.US',
    kind: 'indicator',
    level: '',
    percent: '',
    direction: 'up',
    repeat: 'once',
    cooldownMinutes: '',
    expires: '',
    sound: false,
    push: true,
    webhookUrl: '',
    webhookTemplate: '',
    indicator: rsi('70'),
  };
  const context: FormContext = { symbol: { ok: true, symbol: 'AAPL.US', type: 'stock' }, now: Date.parse('2026-11-25T15:00:00Z'), lastPrice: undefined };

  it('makes a draft of it, direction either (the operator says which way counts), no price needed', () => {
    expect(validateAlertForm(values, context)).toEqual({
      ok: true,
      draft: { symbol: 'AAPL.US', type: 'stock', condition: RSI_70, direction: 'either', repeat: 'once', cooldownMs: 0, sound: false, createdAt: context.now },
    });
  });

  it('says its fields’ problems with the others’', () => {
    expect(validateAlertForm({ ...values, symbol: '', indicator: rsi('70', '0') }, context)).toEqual({
      ok: false,
      errors: {
        symbol: expect.stringMatching(/Enter the symbol/) as string,
        'line.params.period': 'Period must be a whole number from 1 to 500, not “0”.',
      },
    });
  });
});
