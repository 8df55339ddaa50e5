// The ledger alone: structured keys, the server's (channel, symbol) routes, symbol-level refusals.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionLedger } from './subscription-ledger';
import type { RealtimeChannel, SubscriptionKey } from './types';

const key = (channel: RealtimeChannel, symbol: string, type?: SubscriptionKey['type']): SubscriptionKey => ({ channel, symbol, type });
const MAX = 100;

let expired: number;
let ledger: SubscriptionLedger;

beforeEach(() => {
  vi.useFakeTimers();
  expired = 0;
  ledger = new SubscriptionLedger({ refusalRetryMs: 1_000, onRefusalExpired: () => (expired += 1) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SubscriptionLedger', () => {
  it('keeps one server subscription per (channel, symbol) while any type holds it', () => {
    const crypto = ledger.hold(key('ticker', 'BTCUSD', 'crypto'), 'open');
    const forex = ledger.hold(key('ticker', 'BTCUSD', 'forex'), 'open');
    expect(ledger.takeRequests(MAX)).toEqual([
      { cmd: 'subscribe', data: { channel: 'ticker', symbols: ['BTCUSD'], type: 'crypto' } },
      { cmd: 'subscribe', data: { channel: 'ticker', symbols: ['BTCUSD'], type: 'forex' } },
    ]);
    expect(crypto()).toBe(true);
    ledger.forgetReleased();
    // Forex still holds the symbol: nothing to unsubscribe.
    expect(ledger.takeRequests(MAX)).toEqual([]);
    expect(forex()).toBe(true);
    ledger.forgetReleased();
    expect(ledger.takeRequests(MAX)).toEqual([{ cmd: 'unsubscribe', data: { channel: 'ticker', symbols: ['BTCUSD'], type: 'forex' } }]);
  });

  it('tells symbols apart exactly, whatever characters they hold', () => {
    ledger.hold(key('trade', 'A|B'), 'open');
    ledger.hold(key('trade', 'B'), 'open');
    ledger.takeRequests(MAX);
    ledger.refuse({ code: 2002, message: 'Symbol not found' }, undefined, ['B']);
    ledger.refreshStates('open');
    expect(ledger.stateOf(key('trade', 'B'))).toBe('refused');
    expect(ledger.stateOf(key('trade', 'A|B'))).toBe('connecting');
    ledger.acknowledge('trade', ['A|B']);
    ledger.refreshStates('open');
    expect(ledger.stateOf(key('trade', 'A|B'))).toBe('live');
  });

  it("a symbol refused for itself (2001/2002) says nothing of its channel's health", () => {
    ledger.hold(key('ticker', 'AAPL.US'), 'open');
    ledger.hold(key('ticker', 'BTCUSD'), 'open');
    ledger.takeRequests(MAX);
    ledger.acknowledge('ticker', ['AAPL.US']);
    ledger.refuse({ code: 2001, message: 'Invalid parameter: AMBIGUOUS_SYMBOL: BTCUSD is listed as crypto and forex; pass type' }, 'ticker', ['BTCUSD']);
    ledger.refreshStates('open');
    expect(ledger.stateOf(key('ticker', 'BTCUSD'))).toBe('refused');
    expect(ledger.refusalOf(key('ticker', 'BTCUSD'))?.code).toBe(2001);
    expect(ledger.channelStatuses().ticker).toEqual({ state: 'live' });
  });

  it('a channel refusal (4004) is the channel status, with its reason; it is asked again after the retry time', () => {
    ledger.hold(key('trade', 'AAPL.US'), 'open');
    ledger.takeRequests(MAX);
    ledger.refuse({ code: 4004, message: 'Trade subscriptions temporarily unavailable' }, 'trade', ['AAPL.US']);
    ledger.refreshStates('open');
    expect(ledger.channelStatuses().trade).toEqual({ state: 'refused', code: 4004, message: 'Trade subscriptions temporarily unavailable' });
    expect(ledger.takeRequests(MAX)).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(expired).toBe(1);
    expect(ledger.takeRequests(MAX)).toEqual([{ cmd: 'subscribe', data: { channel: 'trade', symbols: ['AAPL.US'] } }]);
  });

  it('a lost connection leaves nothing on the server: everything held is asked again', () => {
    ledger.hold(key('depth', '700.HK'), 'open');
    ledger.takeRequests(MAX);
    ledger.acknowledge('depth', ['700.HK']);
    ledger.connectionLost();
    ledger.refreshStates('down');
    expect(ledger.stateOf(key('depth', '700.HK'))).toBe('down');
    expect(ledger.takeRequests(MAX)).toEqual([{ cmd: 'subscribe', data: { channel: 'depth', symbols: ['700.HK'] } }]);
  });
});
