import { describe, expect, it } from 'vitest';
import { feedSentence } from './feed-status';
import { newerBook } from './api/use-order-book';

describe('feedSentence', () => {
  it('names the source and, when polling, why', () => {
    expect(feedSentence('live', undefined)).toBe('Live order book, updated as it changes');
    expect(feedSentence('down', undefined)).toBe('Order book over HTTP every 2 s (live connection down)');
    expect(feedSentence('refused', { code: 4003, message: 'Depth subscriptions temporarily unavailable' })).toBe(
      'Order book over HTTP every 2 s (4003 Depth subscriptions temporarily unavailable)',
    );
    expect(feedSentence('refused', {})).toBe('Order book over HTTP every 2 s (live feed refused)');
    expect(feedSentence('connecting', undefined)).toBe('Order book over HTTP every 2 s while the live feed connects');
  });
});

describe('newerBook', () => {
  it('prefers the later timestamp, whichever source it comes from', () => {
    const older = { timestamp: 1, bids: [], asks: [] };
    const newer = { timestamp: 2, bids: [], asks: [] };
    expect(newerBook(older, newer)).toBe(newer);
    expect(newerBook(newer, older)).toBe(newer);
    expect(newerBook(undefined, older)).toBe(older);
    expect(newerBook(older, undefined)).toBe(older);
  });
});
