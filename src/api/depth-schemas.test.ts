import { describe, expect, it } from 'vitest';
import { depthSchema } from './depth-schemas';

const BOOK = {
  symbol: '700.HK',
  type: 'stock',
  timestamp: 1768274016162,
  bids: [
    ['626', '19700'],
    ['625.5', '40800'],
  ],
  asks: [
    ['626.5', '36100'],
    ['627', '50700'],
  ],
};

describe('depthSchema', () => {
  it('accepts the OpenAPI example and keeps decimals as strings; type is optional and extras are dropped', () => {
    expect(depthSchema.parse(BOOK)).toEqual(BOOK);
    const { type: _type, ...untyped } = BOOK;
    expect(depthSchema.parse({ ...untyped, sequence: 7 })).toEqual(untyped);
    expect(depthSchema.parse({ ...BOOK, bids: [], asks: [] }).bids).toEqual([]);
  });

  it('rejects levels that are not [price, quantity] decimal pairs', () => {
    expect(depthSchema.safeParse({ ...BOOK, bids: [[626, 19700]] }).success).toBe(false);
    expect(depthSchema.safeParse({ ...BOOK, bids: [['626']] }).success).toBe(false);
    expect(depthSchema.safeParse({ ...BOOK, bids: [['626', '1', '2']] }).success).toBe(false);
    expect(depthSchema.safeParse({ ...BOOK, asks: [['NaN', '1']] }).success).toBe(false);
    expect(depthSchema.safeParse({ ...BOOK, asks: { 626: '1' } }).success).toBe(false);
  });

  it('rejects a book without its symbol, timestamp or sides', () => {
    const { symbol: _symbol, ...noSymbol } = BOOK;
    const { timestamp: _timestamp, ...noTime } = BOOK;
    const { asks: _asks, ...noAsks } = BOOK;
    expect(depthSchema.safeParse(noSymbol).success).toBe(false);
    expect(depthSchema.safeParse(noTime).success).toBe(false);
    expect(depthSchema.safeParse({ ...BOOK, timestamp: 1.5 }).success).toBe(false);
    expect(depthSchema.safeParse(noAsks).success).toBe(false);
  });
});
