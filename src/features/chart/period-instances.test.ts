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

  it('keep an instance whose period stays (its id, colour and place), add the new ones after the last of the kind', () => {
    // MA 50 goes; MA 5 and 60 come right after MA 20, the last MA kept.
    expect(withPeriods(list, 'sma', [5, 20, 60])).toEqual([
      list[0],
      { id: 'sma-2', kind: 'sma', params: { period: 5 } },
      { id: 'sma-3', kind: 'sma', params: { period: 60 } },
      list[1],
      list[3],
    ]);
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
