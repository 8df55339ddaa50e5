import { describe, expect, it } from 'vitest';
import { RealtimeStatsRegistry } from './stats.ts';

const ack = (cmd: string, channel: string, symbols: unknown[], code = 0): string =>
  JSON.stringify({ cmd, code, message: code === 0 ? 'success' : 'x', data: { channel, symbols } });

describe('RealtimeStatsRegistry', () => {
  it('counts connections until their ledgers are released (once)', () => {
    const stats = new RealtimeStatsRegistry();
    const a = stats.connect();
    const b = stats.connect();
    expect(stats.connections()).toBe(2);
    a.release();
    a.release();
    expect(stats.connections()).toBe(1);
    b.release();
    expect(stats.connections()).toBe(0);
  });

  it('counts code-0 subscribe acks per channel, minus unsubscribe acks, without double counting', () => {
    const stats = new RealtimeStatsRegistry();
    const a = stats.connect();
    a.observe(ack('subscribe', 'ticker', ['AAPL.US', '700.HK']));
    a.observe(ack('subscribe', 'ticker', ['AAPL.US']));
    a.observe(ack('subscribe', 'depth', ['AAPL.US']));
    a.observe(ack('subscribe', 'trade', ['BTCUSDT', 42]));
    expect(stats.subscriptions()).toEqual({ ticker: 2, depth: 1, trade: 1 });
    a.observe(ack('unsubscribe', 'ticker', ['700.HK', 'NOT.HELD']));
    expect(stats.subscriptions()).toEqual({ ticker: 1, depth: 1, trade: 1 });
  });

  it('adds connections together and releases a closed connection’s subscriptions', () => {
    const stats = new RealtimeStatsRegistry();
    const a = stats.connect();
    const b = stats.connect();
    a.observe(ack('subscribe', 'ticker', ['AAPL.US']));
    b.observe(ack('subscribe', 'ticker', ['AAPL.US', 'MSFT.US']));
    expect(stats.subscriptions().ticker).toBe(3);
    b.release();
    expect(stats.subscriptions()).toEqual({ ticker: 1, depth: 0, trade: 0 });
    b.observe(ack('subscribe', 'ticker', ['X.US']));
    expect(stats.subscriptions().ticker).toBe(1);
  });

  it('ignores errors, pushes and malformed frames; a run-time 4003/4004 refusal drops what it names', () => {
    const stats = new RealtimeStatsRegistry();
    const a = stats.connect();
    a.observe(ack('subscribe', 'depth', ['AAPL.US', '700.HK']));
    a.observe(ack('subscribe', 'trade', ['AAPL.US']));
    a.observe(ack('subscribe', 'ticker', ['ZZZ.US'], 2002));
    a.observe(ack('subscribe', 'ticker', ['AAPL.US'], 1004));
    a.observe(ack('subscribe', 'nope', ['AAPL.US']));
    a.observe('{"cmd":"ticker","data":{"symbol":"subscribe\\""}}');
    a.observe('subscribe" not json');
    a.observe(JSON.stringify({ cmd: 'subscribe', code: 0, data: null }));
    expect(stats.subscriptions()).toEqual({ ticker: 0, depth: 2, trade: 1 });
    a.observe(
      JSON.stringify({
        cmd: 'subscribe',
        code: 4003,
        message: 'Depth subscriptions temporarily unavailable',
        data: { channel: 'depth', symbols: ['700.HK'], suggestion: 'Use GET /v1/market/depth' },
      }),
    );
    a.observe(ack('subscribe', 'trade', ['AAPL.US'], 4004));
    expect(stats.subscriptions()).toEqual({ ticker: 0, depth: 1, trade: 0 });
  });
});
