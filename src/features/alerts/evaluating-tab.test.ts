import { describe, expect, it } from 'vitest';
import { newEntries } from './evaluating-tab';
import type { AlertLogEntry } from './persisted-alerts';

const entry = (id: string): AlertLogEntry => ({ id, alertId: 'a', symbol: 'AAPL.US', time: 1, price: 1, text: id });

describe('newEntries', () => {
  it('finds what another tab logged since, in its order, and nothing of a log this tab had or cleared', () => {
    expect(newEntries([entry('1')], [entry('1'), entry('2'), entry('3')]).map((each) => each.id)).toEqual(['2', '3']);
    expect(newEntries([entry('1'), entry('2')], [])).toEqual([]);
    expect(newEntries([], [])).toEqual([]);
  });
});
