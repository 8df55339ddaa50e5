/** The ticker, the forming candle, the intraday line and the trades tell one story. */
import { describe, expect, it } from 'vitest';
import { frozenSimulator, getJson, type KlineJson } from '../test-support.ts';

interface Ticker {
  symbol: string;
  last_price: string;
  open: string;
  prev_close: string;
  high_24h: string;
  low_24h: string;
  volume_24h: string;
  bid_price?: string;
  ask_price?: string;
  price_change_24h: string;
  timestamp: number;
}
interface Trade {
  id: string;
  price: string;
  quantity: string;
  side: string;
  timestamp: number;
}
interface IntradayLine {
  timestamp: number;
  price: string;
  volume: number;
  turnover: string;
  avg_price: string;
}

async function story(iso: string, symbol: string) {
  const sim = frozenSimulator(iso);
  const ticker = (await getJson<{ data: Ticker[] }>(sim, `/v1/market/ticker?symbols=${symbol}`)).body.data[0];
  const latest = async (interval: string) =>
    (await getJson<{ data: { klines: KlineJson[] }[] }>(sim, `/v1/market/kline/latest?symbols=${symbol}&interval=${interval}`)).body.data[0]?.klines[0];
  const trades = (await getJson<{ data: { trades: Trade[] } }>(sim, `/v1/market/trades?symbol=${symbol}&limit=1000`)).body.data.trades;
  const intraday = (await getJson<{ data: { lines: IntradayLine[] }[] }>(sim, `/v1/market/intraday?symbols=${symbol}`)).body.data[0]?.lines ?? [];
  return { sim, ticker, minute: await latest('1m'), day: await latest('1d'), trades, intraday };
}

describe('one price story', () => {
  it('agrees mid-session (HK, at 10:15:30 with the minute forming)', async () => {
    const now = Date.parse('2026-11-25T02:15:30Z');
    const { ticker, minute, day, trades, intraday } = await story('2026-11-25T02:15:30Z', '700.HK');
    const lastTrade = trades[trades.length - 1];
    expect(ticker?.last_price).toBe(lastTrade?.price);
    expect(ticker?.timestamp).toBe(lastTrade?.timestamp);
    expect(lastTrade?.timestamp).toBeLessThanOrEqual(now);
    expect(minute?.close).toBe(ticker?.last_price);
    expect(minute?.time).toBe(Date.parse('2026-11-25T02:15:00Z'));
    expect(day?.close).toBe(ticker?.last_price);
    expect(day?.high).toBe(ticker?.high_24h);
    expect(day?.low).toBe(ticker?.low_24h);
    expect(day?.volume).toBe(ticker?.volume_24h);
    expect(day?.open).toBe(ticker?.open);
    const lastPoint = intraday[intraday.length - 1];
    expect(lastPoint?.price).toBe(ticker?.last_price);
    expect(intraday[0]?.timestamp).toBe(Date.parse('2026-11-25T01:30:00Z'));
    expect(intraday).toHaveLength(46); // 09:30 … 10:15
    expect(intraday.reduce((sum, p) => sum + p.volume, 0)).toBe(Number(ticker?.volume_24h));
    // The forming minute's trades add up to its volume so far.
    const minuteTrades = trades.filter((t) => t.timestamp >= Date.parse('2026-11-25T02:15:00Z'));
    expect(minuteTrades.reduce((sum, t) => sum + Number(t.quantity), 0)).toBe(Number(minute?.volume));
    expect(Number(ticker?.bid_price)).toBeLessThanOrEqual(Number(ticker?.last_price));
    expect(Number(ticker?.ask_price)).toBeGreaterThan(Number(ticker?.bid_price));
  });

  it('the average price is cumulative turnover over cumulative volume', async () => {
    const { intraday } = await story('2026-11-25T16:00:00Z', 'AAPL.US');
    let volume = 0;
    let turnover = 0;
    for (const point of intraday) {
      volume += point.volume;
      turnover += Number(point.turnover);
      expect(Number(point.avg_price)).toBeCloseTo(turnover / volume, 4);
    }
  });

  it('a completed minute equals the aggregate of its trades', async () => {
    const { sim, trades } = await story('2026-11-25T15:00:00Z', 'TSLA.US');
    const minuteStart = Date.parse('2026-11-25T14:58:00Z');
    const inMinute = trades.filter((t) => t.timestamp >= minuteStart && t.timestamp < minuteStart + 60_000);
    const [bar] = (await getJson<{ data: { klines: KlineJson[] } }>(sim, `/v1/market/kline?symbol=TSLA.US&interval=1m&start_time=${minuteStart}&limit=1`)).body
      .data.klines;
    expect(inMinute.length).toBeGreaterThanOrEqual(4);
    expect(inMinute[0]?.price).toBe(bar?.open);
    expect(inMinute[inMinute.length - 1]?.price).toBe(bar?.close);
    expect(Math.max(...inMinute.map((t) => Number(t.price)))).toBe(Number(bar?.high));
    expect(Math.min(...inMinute.map((t) => Number(t.price)))).toBe(Number(bar?.low));
    expect(inMinute.reduce((sum, t) => sum + Number(t.quantity), 0)).toBe(Number(bar?.volume));
  });

  it('when the market is shut, the ticker holds the last close and the change is against the day before', async () => {
    // 26 Nov 2026 is Thanksgiving: the US market is closed all day.
    const { ticker, day } = await story('2026-11-26T17:00:00Z', 'AAPL.US');
    expect(day?.time).toBe(Date.parse('2026-11-25T05:00:00Z'));
    expect(ticker?.last_price).toBe(day?.close);
    const change = Number(ticker?.last_price) - Number(ticker?.prev_close);
    expect(Number(ticker?.price_change_24h)).toBeCloseTo(change, 6);
  });

  it('futures trades carry open-interest change and position effect', async () => {
    const { trades } = await story('2026-11-25T02:00:00Z', 'RB2701');
    expect(trades.length).toBeGreaterThan(0);
    for (const trade of trades) {
      expect(trade).toHaveProperty('open_interest_change');
      expect(trade).toHaveProperty('position_effect');
    }
  });
});
