import { describe, expect, it } from 'vitest';
import type { Ticker } from '../../api/quote-schemas';
import { columnValue, nextSort, sortSymbols } from './watchlist-sort';

function ticker(symbol: string, last: string, prevClose: string, volume?: string, turnover?: string): Ticker {
  return {
    symbol,
    last_price: last,
    prev_close: prevClose,
    timestamp: 1_700_000_000_000,
    ...(volume !== undefined && { volume_24h: volume }),
    ...(turnover !== undefined && { quote_volume_24h: turnover }),
  };
}

const quotes = new Map<string, Ticker>([
  ['A', ticker('A', '110', '100', '500', '9')],
  ['B', ticker('B', '95', '100', '900', '1')],
  ['C', ticker('C', '20', '10', '100', '5')],
  ['D', ticker('D', '105', '100', '500', '7')],
]);
const of = (symbol: string) => quotes.get(symbol);

describe('nextSort', () => {
  it('goes descending, ascending, then off, and starts again on another column', () => {
    const first = nextSort(undefined, 'percent');
    expect(first).toEqual({ column: 'percent', direction: 'descending' });
    const second = nextSort(first, 'percent');
    expect(second).toEqual({ column: 'percent', direction: 'ascending' });
    expect(nextSort(second, 'percent')).toBeUndefined();
    expect(nextSort(second, 'last')).toEqual({ column: 'last', direction: 'descending' });
  });
});

describe('sortSymbols', () => {
  it("keeps the user's order with no sort", () => {
    expect(sortSymbols(['B', 'A'], undefined, of)).toEqual(['B', 'A']);
  });

  it('sorts by change %, from the previous close when the quote has no change', () => {
    expect(sortSymbols(['A', 'B', 'C', 'D'], { column: 'percent', direction: 'descending' }, of)).toEqual(['C', 'A', 'D', 'B']);
    expect(sortSymbols(['A', 'B', 'C', 'D'], { column: 'percent', direction: 'ascending' }, of)).toEqual(['B', 'D', 'A', 'C']);
  });

  it('sorts by change, last, volume and turnover; ties keep the order given', () => {
    expect(sortSymbols(['A', 'B', 'C', 'D'], { column: 'change', direction: 'descending' }, of)).toEqual(['A', 'C', 'D', 'B']);
    expect(sortSymbols(['A', 'B', 'C', 'D'], { column: 'last', direction: 'ascending' }, of)).toEqual(['C', 'B', 'D', 'A']);
    expect(sortSymbols(['D', 'A', 'B', 'C'], { column: 'volume', direction: 'descending' }, of)).toEqual(['B', 'D', 'A', 'C']);
    expect(sortSymbols(['A', 'B', 'C', 'D'], { column: 'turnover', direction: 'ascending' }, of)).toEqual(['B', 'C', 'D', 'A']);
  });

  it('puts symbols without the figure last in either direction', () => {
    const order = ['X', 'B', 'A'];
    expect(sortSymbols(order, { column: 'percent', direction: 'descending' }, of)).toEqual(['A', 'B', 'X']);
    expect(sortSymbols(order, { column: 'percent', direction: 'ascending' }, of)).toEqual(['B', 'A', 'X']);
    expect(columnValue(ticker('E', '1', '1'), 'volume')).toBeUndefined();
  });

  it('follows a live quote: a new price moves the row', () => {
    const live = new Map(quotes);
    const order = ['A', 'B', 'C', 'D'];
    expect(sortSymbols(order, { column: 'last', direction: 'descending' }, (s) => live.get(s))[0]).toBe('A');
    live.set('C', ticker('C', '200', '10'));
    expect(sortSymbols(order, { column: 'last', direction: 'descending' }, (s) => live.get(s))[0]).toBe('C');
  });
});
