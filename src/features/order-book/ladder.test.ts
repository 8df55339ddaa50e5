import { describe, expect, it } from 'vitest';
import { barPercent, buildLadder, cumulativeSizes, midDecimals, sizeChanges, spreadOf, type RawBook } from './ladder';

const HK_BOOK: RawBook = {
  bids: [
    ['626', '19700'],
    ['625.5', '40800'],
    ['625', '1500'],
  ],
  asks: [
    ['626.5', '36100'],
    ['627', '50700'],
  ],
};

describe('buildLadder', () => {
  it('puts the highest ask on top and the best ask last, next to the spread; bids best first', () => {
    const ladder = buildLadder(HK_BOOK);
    expect(ladder.asks.map((level) => level.priceText)).toEqual(['627.0', '626.5']);
    expect(ladder.bids.map((level) => level.priceText)).toEqual(['626.0', '625.5', '625.0']);
  });

  it('sorts levels the API sent out of order and drops unusable ones', () => {
    const ladder = buildLadder({
      bids: [
        ['9.98', '300'],
        ['10.00', '100'],
        ['abc', '5'],
        ['9.99', '200'],
        ['9.97', '0'],
      ],
      asks: [
        ['10.02', '50'],
        ['10.01', '70'],
      ],
    });
    expect(ladder.bids.map((level) => level.price)).toEqual([10, 9.99, 9.98]);
    expect(ladder.asks.map((level) => level.price)).toEqual([10.02, 10.01]);
  });

  it('adds sizes up from the best price outwards on each side', () => {
    const ladder = buildLadder(HK_BOOK);
    expect(ladder.bids.map((level) => level.cumulative)).toEqual([19_700, 60_500, 62_000]);
    // On screen the asks run from the far end down to the best ask: cumulative shrinks downwards.
    expect(ladder.asks.map((level) => level.cumulative)).toEqual([86_800, 36_100]);
    expect(ladder.bids[1]?.cumulativeText).toBe('60,500');
    expect(ladder.bidTotal).toBe(62_000);
    expect(ladder.askTotalText).toBe('86,800');
  });

  it('sizes the bars by cumulative size against the deeper side', () => {
    const ladder = buildLadder(HK_BOOK);
    expect(ladder.asks[0]?.barPercent).toBe(100); // the ask side holds more: its far end is the longest bar
    expect(ladder.bids[2]?.barPercent).toBeCloseTo((62_000 / 86_800) * 100, 6);
    expect(ladder.bids[0]?.barPercent).toBeCloseTo((19_700 / 86_800) * 100, 6);
    const all = [...ladder.asks, ...ladder.bids].map((level) => level.barPercent);
    expect(all.every((percent) => percent > 0 && percent <= 100)).toBe(true);
  });

  it('keeps at most `depth` levels a side, the best ones', () => {
    const bids = Array.from({ length: 15 }, (_, i) => [String(100 - i), '1'] as const);
    const asks = Array.from({ length: 15 }, (_, i) => [String(101 + i), '1'] as const);
    const ladder = buildLadder({ bids, asks }, 10);
    expect(ladder.bids).toHaveLength(10);
    expect(ladder.asks).toHaveLength(10);
    expect(ladder.bids[0]?.price).toBe(100);
    expect(ladder.asks.at(-1)?.price).toBe(101);
    expect(ladder.asks[0]?.price).toBe(110);
  });

  it("formats prices and sizes at the book's own precision (crypto sizes keep their decimals)", () => {
    const ladder = buildLadder({
      bids: [
        ['43250.50', '0.125'],
        ['43250.00', '0.25'],
      ],
      asks: [['43251.00', '0.180']],
    });
    expect(ladder.priceDecimals).toBe(2);
    expect(ladder.bids.map((level) => level.priceText)).toEqual(['43,250.50', '43,250.00']);
    expect(ladder.bids.map((level) => level.sizeText)).toEqual(['0.125', '0.250']);
    expect(ladder.bids[1]?.cumulativeText).toBe('0.375');
  });

  it('gives the spread, its basis points and the mid between the best prices', () => {
    const spread = buildLadder(HK_BOOK).spread;
    expect(spread?.absolute).toBeCloseTo(0.5, 10);
    expect(spread?.absoluteText).toBe('0.5');
    expect(spread?.mid).toBe(626.25);
    expect(spread?.midText).toBe('626.25'); // between two ticks: one more decimal
    expect(spread?.bps).toBeCloseTo((0.5 / 626.25) * 10_000, 6);
    expect(spread?.bpsText).toBe('7.98 bps');
  });

  it('has no spread when a side is empty; an empty book has empty sides', () => {
    expect(buildLadder({ bids: [['1', '1']], asks: [] }).spread).toBeUndefined();
    const empty = buildLadder({ bids: [], asks: [] });
    expect(empty.bids).toEqual([]);
    expect(empty.asks).toEqual([]);
  });
});

describe('ladder helpers', () => {
  it('cumulativeSizes and barPercent', () => {
    expect(cumulativeSizes([3, 1, 2])).toEqual([3, 4, 6]);
    expect(barPercent(5, 20)).toBe(25);
    expect(barPercent(5, 0)).toBe(0);
  });

  it('spreadOf: a wide spread reads in one-decimal bps; the mid stays on the tick when it can', () => {
    const spread = spreadOf(99, 101, 0);
    expect(spread.midText).toBe('100');
    expect(spread.bpsText).toBe('200.0 bps');
    expect(spreadOf(93_318.13, 93_318.14, 2).bpsText).toBe('< 0.01 bps');
    expect(spreadOf(222.09, 222.1, 2).bpsText).toBe('0.45 bps');
    expect(midDecimals(222.095, 2)).toBe(3);
    expect(midDecimals(222.1, 2)).toBe(2);
  });
});

describe('sizeChanges', () => {
  it('marks levels whose size grew or shrank at the same price; new prices and steady ones stay still', () => {
    const before = buildLadder(HK_BOOK);
    const after = buildLadder({
      bids: [
        ['626', '20000'],
        ['625.5', '40000'],
        ['625', '1500'],
      ],
      asks: [
        ['626.5', '36100'],
        ['627.5', '10'],
      ],
    });
    expect(Object.fromEntries(sizeChanges(before, after))).toEqual({ 'bid:626': 'up', 'bid:625.5': 'down' });
    expect(sizeChanges(undefined, after).size).toBe(0);
  });
});
