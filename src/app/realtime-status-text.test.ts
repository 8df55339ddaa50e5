import { describe, expect, it } from 'vitest';
import type { RealtimeStatus } from '../realtime/types';
import { realtimeStatusText } from './realtime-status-text';

const unused = { state: 'unused' } as const;
const live = { state: 'live' } as const;

function status(partial: Partial<RealtimeStatus>): RealtimeStatus {
  return { connection: 'open', channels: { ticker: unused, depth: unused, trade: unused }, ...partial };
}

describe('realtimeStatusText', () => {
  it('streaming when open and every channel in use is live', () => {
    expect(realtimeStatusText(status({ channels: { ticker: live, depth: unused, trade: live } }), undefined)).toEqual({ text: 'Live: streaming', tone: 'ok' });
    expect(realtimeStatusText(status({ channels: { ticker: live, depth: unused, trade: { state: 'connecting' } } }), undefined).text).toBe(
      'Live: subscribing…',
    );
  });

  it("names the channels that fell back to HTTP in its own words; the service's code and message only in the tooltip", () => {
    const refusedTrades = { state: 'refused', code: 4004, message: 'Trade subscriptions temporarily unavailable' } as const;
    expect(realtimeStatusText(status({ channels: { ticker: live, depth: unused, trade: refusedTrades } }), undefined)).toEqual({
      text: 'Trades over HTTP',
      tone: 'warning',
      detail: 'Trades over HTTP: 4004 Trade subscriptions temporarily unavailable',
    });
    const refusedDepth = { state: 'refused', code: 4003, message: 'Depth subscriptions temporarily unavailable' } as const;
    const both = realtimeStatusText(status({ channels: { ticker: live, depth: refusedDepth, trade: refusedTrades } }), undefined);
    expect(both.text).toBe('Trades and depth over HTTP');
    expect(both.detail).toBe(
      'Trades over HTTP: 4004 Trade subscriptions temporarily unavailable\nDepth over HTTP: 4003 Depth subscriptions temporarily unavailable',
    );
    const all = realtimeStatusText(status({ channels: { ticker: { state: 'refused', code: 3004 }, depth: refusedDepth, trade: refusedTrades } }), undefined);
    expect(all.text).toBe('Quotes, trades and depth over HTTP');
  });

  it('reconnecting counts down whole seconds; unavailable says HTTP is used', () => {
    expect(realtimeStatusText(status({ connection: 'reconnecting', retryInMs: 2_400 }), 2_400).text).toBe('Live: reconnecting in 3 s — polling over HTTP');
    expect(realtimeStatusText(status({ connection: 'reconnecting' }), undefined).text).toBe('Live: reconnecting — polling over HTTP');
    expect(realtimeStatusText(status({ connection: 'unavailable', code: 3003, message: 'Connection limit exceeded' }), undefined)).toEqual({
      text: 'Live: unavailable — polling over HTTP',
      tone: 'warning',
      detail: '3003 Connection limit exceeded',
    });
  });

  it('offline, a socket that is not open waits for the network: nothing polls either', () => {
    const offline = realtimeStatusText(status({ connection: 'reconnecting', retryInMs: 2_400 }), 2_400, false);
    expect(offline).toEqual({ text: 'Live: offline — waiting for the network', tone: 'off' });
    expect(realtimeStatusText(status({ connection: 'reconnecting', retryInMs: 2_400 }), 2_400, true).text).toContain('polling over HTTP');
    expect(realtimeStatusText(status({ connection: 'open' }), undefined, false).text).toBe('Live: streaming');
    expect(realtimeStatusText(status({ connection: 'open', silent: true }), undefined, false).text).toBe('Live: offline — waiting for the network');
  });

  it('a silent socket says no answer and polling, open or reconnecting, whatever its channels said', () => {
    const noAnswer = { text: 'Live: no answer — polling over HTTP', tone: 'warning' };
    expect(realtimeStatusText(status({ silent: true, channels: { ticker: live, depth: unused, trade: live } }), undefined)).toEqual(noAnswer);
    expect(realtimeStatusText(status({ connection: 'reconnecting', silent: true, retryInMs: 2_000 }), 2_000)).toEqual(noAnswer);
  });
});
