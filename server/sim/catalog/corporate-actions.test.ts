import { describe, expect, it } from 'vitest';
import { weekdayOfYmd } from '#shared/time-zone.ts';
import { allInstruments } from './catalog.ts';
import { corporateActionsBySymbol, parseActions } from './corporate-actions.ts';
import type { Instrument } from './types.ts';

const withActions = allInstruments().filter((instrument) => instrument.corporateActions !== undefined);
const actionsOf = (symbol: string): readonly NonNullable<Instrument['corporateActions']>[number][] =>
  withActions.find((instrument) => instrument.symbol === symbol)?.corporateActions ?? [];

/** Fixed-date closures per venue that every year has. */
const FIXED_CLOSURES: Record<string, readonly string[]> = {
  US: ['0101', '0704', '1225'],
  HK: ['0101', '0501', '0701', '1001', '1225', '1226'],
  CN: ['0101', '0501', '1001', '1002', '1003'],
};

describe('parseActions', () => {
  it('reads splits, dividends and both on one date', () => {
    expect(parseActions(' 20200831x4  20240510$0.25\n20250729x3$3.974 ')).toEqual([
      { exDate: '20200831', split: 4 },
      { exDate: '20240510', cashDividend: 0.25 },
      { exDate: '20250729', split: 3, cashDividend: 3.974 },
    ]);
  });

  it('rejects malformed tokens', () => {
    expect(() => parseActions('20200831')).toThrow();
    expect(() => parseActions('2020083x4')).toThrow();
    expect(() => parseActions('20200831y4')).toThrow();
  });
});

describe('corporate actions in the catalog', () => {
  it('attaches actions to stocks only, for every symbol listed', () => {
    expect(withActions.every((instrument) => instrument.type === 'stock')).toBe(true);
    expect(withActions.map((instrument) => instrument.symbol).sort()).toEqual([...corporateActionsBySymbol().keys()].sort());
  });

  it('has ex-dates on weekdays outside fixed holidays, strictly ascending, with positive amounts', () => {
    for (const instrument of withActions) {
      const actions = instrument.corporateActions ?? [];
      expect(actions.length, instrument.symbol).toBeGreaterThan(0);
      actions.forEach((action, i) => {
        const label = `${instrument.symbol} ${action.exDate}`;
        expect([1, 2, 3, 4, 5], label).toContain(weekdayOfYmd(action.exDate));
        expect(FIXED_CLOSURES[instrument.venue] ?? [], label).not.toContain(action.exDate.slice(4));
        expect(action.exDate >= instrument.listedSince, label).toBe(true);
        if (i > 0) expect(action.exDate > (actions[i - 1]?.exDate ?? ''), label).toBe(true);
        expect(action.split ?? action.cashDividend, label).toBeDefined();
        if (action.split !== undefined) expect(action.split, label).toBeGreaterThan(1);
        if (action.cashDividend !== undefined) {
          // Cash is per pre-event share: compare with today's price scaled back through the splits since.
          const laterSplits = actions.slice(i).reduce((product, later) => product * (later.split ?? 1), 1);
          expect(action.cashDividend, label).toBeGreaterThan(0);
          expect(action.cashDividend, label).toBeLessThan(instrument.basePrice * laterSplits * 0.1);
        }
      });
    }
  });

  it('includes the real splits', () => {
    expect(actionsOf('AAPL.US').filter((a) => a.split)).toEqual([{ exDate: '20200831', split: 4 }]);
    expect(
      actionsOf('NVDA.US')
        .filter((a) => a.split)
        .map((a) => [a.exDate, a.split]),
    ).toEqual([
      ['20210720', 4],
      ['20240610', 10],
    ]);
    expect(actionsOf('TSLA.US').map((a) => [a.exDate, a.split])).toEqual([
      ['20200831', 5],
      ['20220825', 3],
    ]);
    expect(actionsOf('AAPL.US').filter((a) => a.cashDividend).length).toBeGreaterThan(40);
    expect(actionsOf('700.HK').every((a) => a.exDate.slice(4, 6) === '05')).toBe(true);
    expect(actionsOf('600519.SH').some((a) => a.exDate.slice(4, 6) === '06')).toBe(true);
    expect(withActions.some((i) => i.market === 'CN' && (i.corporateActions ?? []).some((a) => a.split === 1.4))).toBe(true);
  });

  it('has an event between 20260601 and 20261120 in every stock market, a split among them', () => {
    for (const market of ['US', 'HK', 'CN'] as const) {
      const recent = withActions
        .filter((instrument) => instrument.market === market)
        .flatMap((instrument) => (instrument.corporateActions ?? []).filter((a) => a.exDate >= '20260601' && a.exDate <= '20261120'));
      expect(recent.length, market).toBeGreaterThan(0);
      expect(
        recent.some((action) => action.split !== undefined),
        market,
      ).toBe(true);
    }
  });
});
