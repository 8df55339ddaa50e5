import { describe, expect, it } from 'vitest';
import type { RealtimeStatus } from '../../realtime/types';
import { liveTradesNotice } from './live-trades-notice';

const unused = { state: 'unused' as const };
function status(overrides: Partial<RealtimeStatus> = {}, trade: RealtimeStatus['channels']['trade'] = unused): RealtimeStatus {
  return { connection: 'open', channels: { ticker: unused, depth: unused, trade }, ...overrides };
}

describe('liveTradesNotice', () => {
  it('names the refusal and the polling', () => {
    const refused = status({}, { state: 'refused', code: 4004, message: 'Trade subscriptions temporarily unavailable' });
    expect(liveTradesNotice('refused', refused, 3)).toBe('Live trades unavailable (4004 Trade subscriptions temporarily unavailable) — polling every 3 s');
  });

  it('says the socket is down or unavailable', () => {
    expect(liveTradesNotice('down', status({ connection: 'reconnecting', retryInMs: 2_000 }), 3)).toBe(
      'Live trades unavailable (reconnecting) — polling every 3 s',
    );
    expect(liveTradesNotice('down', status({ connection: 'unavailable', code: 3003, message: 'Connection limit exceeded' }), 3)).toBe(
      'Live trades unavailable (3003 Connection limit exceeded) — polling every 3 s',
    );
  });

  it('says nothing while live or connecting', () => {
    expect(liveTradesNotice('live', status(), 3)).toBeUndefined();
    expect(liveTradesNotice('connecting', status(), 3)).toBeUndefined();
  });
});
