import { describe, expect, it } from 'vitest';
import { lookupSymbol } from '../catalog/lookup.ts';
import { modelOf } from './instrument-model.ts';
import { freshTickerFigures, tickerFigures } from './ticker.ts';
import { recentTrades } from './trade-tape.ts';

describe('recentTrades', () => {
  it('answers the same, ascending, however often it is asked while the market is closed, and leaves the last price alone', () => {
    const found = lookupSymbol('600519.SH');
    if (found.kind !== 'found') throw new Error(found.kind);
    const model = modelOf(found.instrument);
    // 23:00 in Shanghai: the day's last minute is complete and kept by the engine.
    const now = Date.parse('2026-11-25T15:00:00Z');
    const first = recentTrades(model, 5, now);
    const again = recentTrades(model, 5, now);
    expect(again).toEqual(first);
    const times = first.map((trade) => trade.timestamp);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(tickerFigures(model, now)).toEqual(freshTickerFigures(model, now));
  });
});
