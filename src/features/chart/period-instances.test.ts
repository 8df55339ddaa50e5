import { describe, expect, it } from 'vitest';
import type { IndicatorList } from '../../store/preferences-slice';
import { newInstanceId, periodsOf, withPeriods } from './period-instances';

const list: IndicatorList = [
  { id: 'sma-1', kind: 'sma', params: { period: 20 }, colours: ['#ff0000'] },
  { id: 'kdj-1', kind: 'kdj', params: { period: 9, k: 3, d: 3 } },
  { id: 'sma-2', kind: 'sma', params: { period: 50 } },
  { id: 'ema-1', kind: 'ema', params: { period: 12 } },
];

describe('the period fields over the list', () => {
  it('read one kind’s periods in list order', () => {
    expect(periodsOf(list, 'sma')).toEqual([20, 50]);
    expect(periodsOf(list, 'wma')).toEqual([]);
  });

  it('keep an instance whose period stays (its id and colour), in the order typed, where the kind stood', () => {
    // MA 50 goes; MA 5, 20 and 60 stand where MA 20, the one MA kept, stood, as typed.
    expect(withPeriods(list, 'sma', [5, 20, 60])).toEqual([
      { id: 'sma-2', kind: 'sma', params: { period: 5 } },
      list[0],
      { id: 'sma-3', kind: 'sma', params: { period: 60 } },
      list[1],
      list[3],
    ]);
    expect(periodsOf(withPeriods(list, 'sma', [5, 20, 60]), 'sma')).toEqual([5, 20, 60]);
  });

  it('reorder the kept ones as typed, each in one of the kind’s places among the other kinds', () => {
    expect(withPeriods(list, 'sma', [50, 20])).toEqual([list[2], list[1], list[0], list[3]]);
    expect(withPeriods(list, 'sma', [50, 10, 20])).toEqual([list[2], list[1], { id: 'sma-3', kind: 'sma', params: { period: 10 } }, list[0], list[3]]);
  });

  it('remove every instance of the kind for an empty field, and add a first one at the end', () => {
    expect(withPeriods(list, 'ema', [])).toEqual(list.slice(0, 3));
    expect(withPeriods(list, 'wma', [10]).at(-1)).toEqual({ id: 'wma-1', kind: 'wma', params: { period: 10 } });
  });

  it('name a new instance by its kind and the first free number', () => {
    expect(newInstanceId(list, 'sma')).toBe('sma-3');
    expect(newInstanceId(list, 'rsi')).toBe('rsi-1');
  });
});
