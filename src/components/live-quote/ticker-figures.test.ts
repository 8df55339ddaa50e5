import { describe, expect, it } from 'vitest';
import type { Ticker } from '../../api/quote-schemas';
import { MINUS } from '../../lib/format';
import { directionColor, tickerFigures } from './ticker-figures';
import { extendedFigures } from './extended-quote';

const TENCENT: Ticker = {
  symbol: '700.HK',
  name: '腾讯控股',
  type: 'stock',
  last_price: '505',
  open: '506',
  prev_close: '509.5',
  bid_price: '504.5',
  ask_price: '505',
  high_24h: '507',
  low_24h: '503.5',
  price_change_24h: '-4.5',
  price_change_percent_24h: '-0.88',
  timestamp: 1795573800000,
};

describe('tickerFigures', () => {
  it('prints an HK stock in its own precision, going down', () => {
    expect(tickerFigures(TENCENT)).toEqual({ last: '505.0', change: `${MINUS}4.5`, percent: `${MINUS}0.88%`, direction: 'down' });
  });

  it('keeps five decimals for a forex pair and colours a rise as up', () => {
    const eurusd: Ticker = {
      symbol: 'EURUSD',
      last_price: '1.0749',
      bid_price: '1.07485',
      price_change_24h: '0.00046',
      price_change_percent_24h: '0.04',
      timestamp: 1,
    };
    expect(tickerFigures(eurusd)).toMatchObject({ last: '1.07490', change: '+0.00046', percent: '+0.04%', direction: 'up' });
  });

  it('derives change and percent from the previous close when the service leaves them out', () => {
    const figures = tickerFigures({ symbol: 'AAPL.US', last_price: '110.00', prev_close: '100.00', timestamp: 1 });
    expect(figures).toMatchObject({ last: '110.00', change: '+10.00', percent: '+10.00%', direction: 'up' });
  });

  it('has no change without data for it, and a flat direction', () => {
    expect(tickerFigures({ symbol: 'X', last_price: '1.5', timestamp: 1 })).toMatchObject({ change: undefined, percent: undefined, direction: 'flat' });
  });
});

describe('directionColor', () => {
  it('uses the preference-driven CSS properties, never a fixed green', () => {
    expect(directionColor('up')).toBe('var(--color-up)');
    expect(directionColor('down')).toBe('var(--color-down)');
    expect(directionColor('flat')).toBeUndefined();
  });
});

describe('extendedFigures', () => {
  const AAPL: Ticker = { symbol: 'AAPL.US', last_price: '222.09', prev_close: '222.74', timestamp: 1 };
  const quote = (last: string, timestamp: number) => ({ last_done: last, timestamp, volume: 100, high: last, low: last, prev_close: '222.09' });

  it('is absent without a session quote', () => {
    expect(extendedFigures(AAPL)).toBeUndefined();
  });

  it("shows the newest session's price against the close it follows, in the symbol's precision", () => {
    const figures = extendedFigures({ ...AAPL, post_market_quote: quote('221.5', 10), overnight_quote: quote('223.1', 20) });
    expect(figures).toEqual({ session: 'overnight', last: '223.10', change: '+1.01', percent: '+0.45%', direction: 'up' });
    expect(extendedFigures({ ...AAPL, pre_market_quote: quote('221.5', 10) })?.change).toBe(`${MINUS}0.59`);
  });
});
