import { describe, expect, it } from 'vitest';
import { frozenSimulator, getJson } from '../test-support.ts';

type TickerEntry = Record<string, unknown> & { last_price: string; prev_close: string };
type ExtendedJson = { last_done: string; timestamp: number; volume: number; high: string; low: string; prev_close: string };

async function tickerAt(iso: string, symbol = 'AAPL.US'): Promise<TickerEntry> {
  const { body } = await getJson<{ data: TickerEntry[] }>(frozenSimulator(iso), `/v1/market/ticker?symbols=${symbol}`);
  const entry = body.data[0];
  if (!entry) throw new Error('no ticker');
  return entry;
}

async function closeOf(iso: string, ymd: string): Promise<string> {
  const { body } = await getJson<{ data: { klines: { time: number; close: string }[] } }>(
    frozenSimulator(iso),
    '/v1/market/kline?symbol=AAPL.US&interval=1d&limit=5',
  );
  const bar = body.data.klines.find((kline) => new Date(kline.time).toISOString().slice(0, 10).replaceAll('-', '') === ymd);
  if (!bar) throw new Error(`no bar of ${ymd}`);
  return bar.close;
}

describe('US extended hours in the simulator', () => {
  it('pre-market (08:00 ET): a pre_market_quote from the previous close, the regular figures unchanged', async () => {
    const entry = await tickerAt('2026-11-25T13:00:00Z');
    const quote = entry.pre_market_quote as ExtendedJson;
    expect(quote).toBeDefined();
    expect(entry.post_market_quote).toBeUndefined();
    expect(entry.overnight_quote).toBeUndefined();
    // Relative to Tuesday's regular close, which is also the regular last price before the open.
    expect(quote.prev_close).toBe(await closeOf('2026-11-25T13:00:00Z', '20261124'));
    expect(entry.last_price).toBe(quote.prev_close);
    expect(quote.timestamp).toBe(Date.parse('2026-11-25T13:00:00Z'));
    expect(Number(quote.low)).toBeLessThanOrEqual(Number(quote.last_done));
    expect(Number(quote.high)).toBeGreaterThanOrEqual(Number(quote.last_done));
    expect(quote.volume).toBeGreaterThan(0);
  });

  it('post-market (17:00 ET) is relative to the day just closed; overnight (21:30 ET) too; none in regular hours, at the weekend or for other markets', async () => {
    const after = await tickerAt('2026-11-25T22:00:00Z');
    const close = await closeOf('2026-11-25T22:00:00Z', '20261125');
    expect((after.post_market_quote as ExtendedJson).prev_close).toBe(close);
    const night = await tickerAt('2026-11-26T02:30:00Z');
    // Thanksgiving (Nov 26) is no trading day: its eve has no overnight session.
    expect(night.overnight_quote).toBeUndefined();
    const tuesdayNight = await tickerAt('2026-11-25T02:30:00Z');
    expect((tuesdayNight.overnight_quote as ExtendedJson).prev_close).toBe(await closeOf('2026-11-25T02:30:00Z', '20261124'));
    for (const iso of ['2026-11-25T15:30:00Z', '2026-11-28T12:00:00Z']) {
      const entry = await tickerAt(iso);
      expect(
        Object.keys(entry).filter((key) => key.endsWith('_quote')),
        iso,
      ).toEqual([]);
    }
    expect(Object.keys(await tickerAt('2026-11-25T13:00:00Z', '700.HK')).filter((key) => key.endsWith('_quote'))).toEqual([]);
  });

  it("the pre-market walks into the regular open: its last price at 09:29 is near the open minute's opening price", async () => {
    const last = ((await tickerAt('2026-11-25T14:29:00Z')).pre_market_quote as ExtendedJson).last_done;
    const { body } = await getJson<{ data: { klines: { open: string }[] } }>(
      frozenSimulator('2026-11-25T16:00:00Z'),
      `/v1/market/kline?symbol=AAPL.US&interval=1m&start_time=${String(Date.parse('2026-11-25T14:30:00Z'))}&limit=1`,
    );
    const open = Number(body.data.klines[0]?.open);
    // One minute of the path apart: close, not equal.
    expect(Math.abs(Number(last) - open) / open).toBeLessThan(0.01);
  });
});
