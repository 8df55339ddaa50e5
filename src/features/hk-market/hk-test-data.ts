/** Test data for the HK market feature: single entries and a deterministic market of any size. */
import type { HkTicker } from '../../api/quote-schemas';

export function hkEntry(symbol: string, overrides: Partial<HkTicker> = {}): HkTicker {
  return {
    symbol,
    name: `Name ${symbol}`,
    type: 'stock',
    last_price: '10.00',
    open: '9.90',
    prev_close: '9.80',
    volume_24h: '1000',
    quote_volume_24h: '10000',
    high_24h: '10.10',
    low_24h: '9.70',
    price_change_24h: '0.20',
    price_change_percent_24h: '2.04',
    timestamp: 1_795_657_958_044,
    ...overrides,
  };
}

/** A pseudo-random generator (mulberry32): the same market every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Three indices then `stocks` stocks with codes 1, 2, 3…, prices and moves of every sign. */
export function hkMarket(stocks: number, seed = 7): HkTicker[] {
  const next = random(seed);
  const entries: HkTicker[] = ['HSCEI', 'HSI', 'HSTECH'].map((code) => hkEntry(code, { name: `${code} Index`, type: 'indices', last_price: '20000.50' }));
  for (let i = 1; i <= stocks; i++) {
    const prev = Math.round((0.1 + next() * 500) * 1000) / 1000;
    const percent = Math.round((next() - 0.5) * 2000) / 100;
    const last = Math.round(prev * (1 + percent / 100) * 1000) / 1000;
    const volume = next() < 0.05 ? 0 : Math.round(next() * 50_000_000);
    entries.push(
      hkEntry(String(i), {
        name: `Company ${String(i)}`,
        last_price: String(last),
        prev_close: String(prev),
        open: String(prev),
        high_24h: String(Math.max(prev, last)),
        low_24h: String(Math.min(prev, last)),
        price_change_24h: (last - prev).toFixed(3),
        price_change_percent_24h: percent.toFixed(2),
        volume_24h: String(volume),
        quote_volume_24h: (volume * last).toFixed(2),
      }),
    );
  }
  return entries;
}
