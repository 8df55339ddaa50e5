/**
 * The ticker's figures are kept per instrument while nothing trades (engine/ticker.ts) and the
 * venue's session position is shared by its instruments (engine/forming.ts): polled second by
 * second through a session's opening, its break and its close, they always equal the figures
 * computed afresh, and they are the same object only between two trades.
 */
import { describe, expect, it } from 'vitest';
import { lookupSymbol } from '../catalog/lookup.ts';
import { locateLastTrade, printedSoFar } from './forming.ts';
import { modelOf, type InstrumentModel } from './instrument-model.ts';
import { freshTickerFigures, tickerFigures } from './ticker.ts';

function modelFor(symbol: string): InstrumentModel {
  const found = lookupSymbol(symbol);
  if (found.kind !== 'found') throw new Error(`${symbol}: ${found.kind}`);
  return modelOf(found.instrument);
}

const SYMBOLS = ['700.HK', '9988.HK', '5.HK', 'AAPL.US', 'BTCUSDT', '600519.SH'];

/** Instants one second apart from `from` for `seconds`. */
function everySecond(from: string, seconds: number): number[] {
  const start = Date.parse(from);
  return Array.from({ length: seconds }, (_, i) => start + i * 1_000);
}

describe('ticker figures polled every second', () => {
  const stretches = {
    // HK: the morning's last minutes into the lunch break, and its afternoon's first minutes.
    'HK lunch break': everySecond('2026-11-25T03:58:30Z', 150),
    'HK afternoon opens': everySecond('2026-11-25T04:59:00Z', 150),
    // US regular session's close (21:00 UTC in November).
    'US close': everySecond('2026-11-25T20:58:30Z', 150),
  };
  for (const [label, instants] of Object.entries(stretches)) {
    it(`equal the figures computed afresh (${label})`, () => {
      for (const symbol of SYMBOLS) {
        const model = modelFor(symbol);
        for (const now of instants) expect(tickerFigures(model, now), `${symbol} at ${new Date(now).toISOString()}`).toEqual(freshTickerFigures(model, now));
      }
    });
  }

  it('are the same object between two trades, and new ones once it trades', () => {
    const model = modelFor('700.HK');
    let kept = 0;
    let renewed = 0;
    for (const now of everySecond('2026-11-25T02:30:00Z', 120)) {
      const position = locateLastTrade(model, now - 1_000);
      const before = tickerFigures(model, now - 1_000);
      const after = tickerFigures(model, now);
      const nowPosition = locateLastTrade(model, now);
      if (!position || !nowPosition) throw new Error('HK is trading');
      const traded = position.minute !== nowPosition.minute || printedSoFar(model, position, now - 1_000) !== printedSoFar(model, nowPosition, now);
      if (traded) {
        renewed++;
        expect(after).not.toBe(before);
      } else {
        kept++;
        expect(after).toBe(before);
      }
    }
    // Both cases met: the stretch proves something either way.
    expect(kept).toBeGreaterThan(0);
    expect(renewed).toBeGreaterThan(0);
  });
});

describe('the last trade of an instrument', () => {
  it('is its venue’s, and none for an instrument listed after that day', () => {
    const listed = modelFor('700.HK');
    const unlisted = modelOf({ ...listed.instrument, listedSince: '20261126' });
    const now = Date.parse('2026-11-25T05:30:00Z');
    expect(locateLastTrade(listed, now)).toMatchObject({ minute: Math.floor(now / 60_000), inProgress: true });
    expect(locateLastTrade(unlisted, now)).toBeUndefined();
    expect(locateLastTrade(unlisted, Date.parse('2026-11-26T05:30:00Z'))).toMatchObject({ inProgress: true });
  });
});
