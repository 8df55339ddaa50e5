/** The order book (engine/depth-book.ts) and `GET /v1/market/depth`. */
import { describe, expect, it } from 'vitest';
import { lookupSymbol } from '../catalog/lookup.ts';
import { tickSizeFor } from '../catalog/tick-size.ts';
import type { Instrument } from '../catalog/types.ts';
import { depthBook } from '../engine/depth-book.ts';
import { modelOf } from '../engine/instrument-model.ts';
import { tickerFigures } from '../engine/ticker.ts';
import { frozenSimulator, getJson } from '../test-support.ts';

function instrument(symbol: string): Instrument {
  const found = lookupSymbol(symbol);
  if (found.kind !== 'found') throw new Error(symbol);
  return found.instrument;
}

const SYMBOLS = ['AAPL.US', '700.HK', '9988.HK', '600519.SH', '000001.SZ', 'RB2701', 'AU2612', 'BTCUSDT', 'ETHUSDT'];
const INSTANTS = ['2026-11-25T02:45:10Z', '2026-11-25T15:00:10Z', '2026-11-28T12:00:00Z'].map(Date.parse);

describe('the order book', () => {
  it.each(SYMBOLS)('%s: ten levels a side, one tick apart, around the ticker quote', (symbol) => {
    const model = modelOf(instrument(symbol));
    for (const now of INSTANTS) {
      const book = depthBook(model, now);
      const figures = tickerFigures(model, now);
      if (!book || !figures) throw new Error(`no book for ${symbol}`);
      expect(book.bids).toHaveLength(10);
      expect(book.asks).toHaveLength(10);
      const [bestBid] = book.bids[0] ?? [];
      const [bestAsk] = book.asks[0] ?? [];
      expect(bestBid).toBe(figures.bid);
      expect(bestAsk).toBe(figures.ask);
      expect(bestBid).toBeLessThan(figures.last);
      expect(bestAsk).toBeGreaterThanOrEqual(figures.last);
      for (const [side, levels] of [['bids', book.bids] as const, ['asks', book.asks] as const]) {
        for (let i = 1; i < levels.length; i++) {
          const [previous = 0] = levels[i - 1] ?? [];
          const [price = 0, quanta = 0] = levels[i] ?? [];
          const gap = side === 'bids' ? previous - price : price - previous;
          // One tick of the band the upper price is in (an HK band includes its upper bound).
          expect(gap).toBeCloseTo(tickSizeFor(model.instrument, Math.max(price, previous)), 9);
          expect(Number.isInteger(quanta) && quanta > 0).toBe(true);
        }
      }
    }
  });

  it('crosses an HK spread-table band with the tick of each band (700.HK around 500 HKD)', () => {
    // A moment when 700.HK trades just around 500 (the tape's last print sets the book's middle).
    const book = depthBook(modelOf(instrument('700.HK')), Date.parse('2026-11-25T02:41:10Z'));
    const gapsOf = (prices: number[]): number[] => prices.slice(1).map((price, i) => Math.round(Math.abs(price - (prices[i] ?? 0)) * 10) / 10);
    const bids = (book?.bids ?? []).map(([price]) => price);
    const asks = (book?.asks ?? []).map(([price]) => price);
    const gaps = new Set([...gapsOf(bids), ...gapsOf(asks)]);
    expect([...bids, ...asks]).toContain(500);
    expect(gaps).toEqual(new Set([0.2, 0.5]));
  });

  it('is deterministic, churns while trading, and holds still once the market has shut', () => {
    const model = modelOf(instrument('700.HK'));
    const at = (iso: string) => depthBook(model, Date.parse(iso));
    expect(at('2026-11-25T02:45:10Z')).toEqual(at('2026-11-25T02:45:10Z'));
    const sizes = (iso: string) => at(iso)?.bids.map(([, quanta]) => quanta);
    expect(sizes('2026-11-25T02:45:11Z')).not.toEqual(sizes('2026-11-25T02:45:10Z'));
    const closed = at('2026-11-25T09:00:00Z');
    const later = at('2026-11-25T12:00:00Z');
    expect(later?.bids).toEqual(closed?.bids);
    expect(later?.asks).toEqual(closed?.asks);
  });
});

describe('GET /v1/market/depth', () => {
  const sim = frozenSimulator('2026-11-25T02:45:10Z');

  it('answers the book with decimal strings, bids descending and asks ascending', async () => {
    const answer = await getJson<{
      code: number;
      data: { symbol: string; type: string; timestamp: number; bids: [string, string][]; asks: [string, string][] };
    }>(sim, '/v1/market/depth?symbol=00700.hk');
    expect(answer.status).toBe(200);
    const { data } = answer.body;
    expect(data).toMatchObject({ symbol: '00700.HK', type: 'stock', timestamp: Date.parse('2026-11-25T02:45:10Z') });
    const bidPrices = data.bids.map(([price]) => Number(price));
    const askPrices = data.asks.map(([price]) => Number(price));
    expect(bidPrices).toEqual([...bidPrices].sort((a, b) => b - a));
    expect(askPrices).toEqual([...askPrices].sort((a, b) => a - b));
    expect(Number(data.asks[0]?.[1]) % 100).toBe(0); // whole lots of 700.HK
    const ticker = await getJson<{ data: { bid_price: string; ask_price: string }[] }>(sim, '/v1/market/ticker?symbols=700.HK');
    expect(data.bids[0]?.[0]).toBe(ticker.body.data[0]?.bid_price);
    expect(data.asks[0]?.[0]).toBe(ticker.body.data[0]?.ask_price);
  });

  it.each([
    ['/v1/market/depth?symbol=EURUSD', 'demo-enterprise', 400, 2001, 'Invalid parameter: depth is not available for EURUSD'],
    ['/v1/market/depth?symbol=XAUUSD', 'demo-enterprise', 400, 2001, 'Invalid parameter: depth is not available for XAUUSD'],
    ['/v1/market/depth?symbol=HSI', 'demo-enterprise', 400, 2001, 'Invalid parameter: depth is not available for HSI'],
    ['/v1/market/depth', 'demo-enterprise', 400, 2001, 'Invalid parameter: symbol is required'],
    ['/v1/market/depth?symbol=NOPE.US', 'demo-enterprise', 404, 2002, 'Symbol not found: NOPE.US'],
    ['/v1/market/depth?symbol=AAPL.US', 'demo-free', 403, 1004, 'Permission denied: the free plan does not include /v1/market/depth'],
    ['/v1/market/depth?symbol=AAPL.US', null, 401, 1002, 'Token is required'],
  ])('%s (%s) → %i %i', async (path, key, status, code, message) => {
    const answer = await getJson<{ code: number; message: string }>(sim, path, key);
    expect([answer.status, answer.body.code, answer.body.message]).toEqual([status, code, message]);
  });

  it('answers AMBIGUOUS_SYMBOL like the other endpoints, and the book once type is given', async () => {
    const ambiguous = await getJson<{ code: number; error: string; data: unknown }>(sim, '/v1/market/depth?symbol=BTCUSD');
    expect([ambiguous.status, ambiguous.body.code, ambiguous.body.error]).toEqual([400, 2001, 'AMBIGUOUS_SYMBOL']);
    expect(ambiguous.body.data).toEqual({ symbol: 'BTCUSD', types: ['crypto', 'forex'] });
    expect((await getJson(sim, '/v1/market/depth?symbol=BTCUSD&type=crypto')).body.code).toBe(0);
    expect((await getJson(sim, '/v1/market/depth?symbol=BTCUSD&type=forex')).body.code).toBe(2001);
  });

  it('is gated for Free only', async () => {
    for (const key of ['demo-starter', 'demo-pro', 'demo-hk', 'demo-cn', 'demo-us', 'demo-enterprise']) {
      expect((await getJson(sim, '/v1/market/depth?symbol=AAPL.US', key)).body.code, key).toBe(0);
    }
  });
});
