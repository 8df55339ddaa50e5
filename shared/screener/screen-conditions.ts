/**
 * A screen's condition tree made into one predicate over a symbol, once per screen: leaves read
 * the columns' getters and the symbol's TechnicalState; an unknown value matches nothing.
 */
import type { Comparison, CrossDirection, ScreenCondition, Side } from './screen-model.ts';
import { fieldGetter, technicalGetter, type NumberGetter } from './screen-columns.ts';
import type { ScreenSymbol } from './screen-universe.ts';
import { MACD_LINE, MACD_SIGNAL, macdTrack, smaTrack } from './technical-track.ts';
import type { TechnicalState } from './technical-state.ts';

export type Predicate = (symbol: ScreenSymbol) => boolean;

function compares(comparison: Comparison): (value: number) => boolean {
  switch (comparison.op) {
    case 'above':
      return (value) => value > comparison.value;
    case 'below':
      return (value) => value < comparison.value;
    case 'between':
      return (value) => value >= comparison.min && value <= comparison.max;
  }
}

const levelTest = (op: Side, value: number): Comparison => ({ op, value });

/** The getter's value passes `test`; unknown never does. */
function known(getter: NumberGetter, test: (value: number) => boolean): Predicate {
  return (symbol) => {
    const value = getter(symbol);
    return value !== undefined && test(value);
  };
}

/**
 * Which side of `b` `a` is on at a bar: 1 above, −1 below, 0 level. Within a billionth of the
 * bar's close they are level: the library's running sums carry rounding, and a price on a tick
 * often sits exactly on its average (a flat week of a penny stock), where noise must not read as
 * a side or a crossing.
 */
export function sideOf(a: number | undefined, b: number | undefined, close: number | undefined): -1 | 0 | 1 | undefined {
  if (a === undefined || b === undefined || close === undefined) return undefined;
  const tolerance = 1e-9 * Math.abs(close);
  return a - b > tolerance ? 1 : b - a > tolerance ? -1 : 0;
}

type SideAt = (daily: TechnicalState, age: number) => -1 | 0 | 1 | undefined;

/** Whether a line went to the `direction` side of another (from level or the other side) at one of the last `within` bars. */
function crossedWithin(at: SideAt, direction: CrossDirection, within: number): Predicate {
  const toward = direction === 'up' ? 1 : -1;
  return ({ daily }) => {
    let newer = at(daily, 0);
    for (let age = 0; age < within; age++) {
      const older = at(daily, age + 1);
      if (newer === toward && older !== undefined && older !== toward) return true;
      newer = older;
    }
    return false;
  };
}

export function compileCondition(condition: ScreenCondition): Predicate {
  switch (condition.kind) {
    case 'group': {
      const parts = condition.conditions.map(compileCondition);
      if (parts.length === 0) return () => true;
      // Loops, not every/some: no closure per symbol on the hot path.
      const all = condition.join === 'and';
      return (symbol) => {
        for (const part of parts) if (part(symbol) !== all) return !all;
        return all;
      };
    }
    case 'field':
      return known(fieldGetter(condition.field), compares(condition.compare));
    case 'board': {
      const boards = new Set(condition.boards);
      return ({ info }) => info?.board !== undefined && boards.has(info.board);
    }
    case 'rsi':
      return known(technicalGetter({ kind: 'rsi', period: condition.period }), compares(levelTest(condition.op, condition.value)));
    case 'atr-percent':
      return known(technicalGetter({ kind: 'atr-percent', period: condition.period }), compares(levelTest(condition.op, condition.value)));
    case 'volume-ratio':
      return known(technicalGetter({ kind: 'volume-ratio', period: condition.period }), (ratio) => ratio >= condition.min);
    case 'price-ma': {
      const average = smaTrack(condition.period);
      const wanted = condition.op === 'above' ? 1 : -1;
      return ({ daily }) => {
        const close = daily.bar(0)?.close;
        return sideOf(close, daily.value(average, 0, 0), close) === wanted;
      };
    }
    case 'ma-cross': {
      const fast = smaTrack(condition.fast, condition.within + 1);
      const slow = smaTrack(condition.slow, condition.within + 1);
      return crossedWithin(
        (daily, age) => sideOf(daily.value(fast, 0, age), daily.value(slow, 0, age), daily.bar(age)?.close),
        condition.direction,
        condition.within,
      );
    }
    case 'macd-cross': {
      const lines = macdTrack(condition.fast, condition.slow, condition.signal, condition.within + 1);
      return crossedWithin(
        (daily, age) => sideOf(daily.value(lines, MACD_LINE, age), daily.value(lines, MACD_SIGNAL, age), daily.bar(age)?.close),
        condition.direction,
        condition.within,
      );
    }
    case 'new-extreme': {
      const { side, days } = condition;
      return ({ daily }) => {
        const latest = daily.bar(0);
        const earlier = daily.earlierExtreme(side, days);
        if (latest === undefined || earlier === undefined) return false;
        return side === 'high' ? latest.high > earlier : latest.low < earlier;
      };
    }
  }
}
