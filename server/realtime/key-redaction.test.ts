import { describe, expect, it } from 'vitest';
import { frameForBrowser, redactKey } from './key-redaction.ts';

const KEY = 'srv-Key+/=&secret-7f3a';
const SPELLINGS = [KEY, encodeURIComponent(KEY), new URLSearchParams({ k: KEY }).toString().slice(2)];

describe('the server key on its way to a browser or a log', () => {
  it('is redacted in every spelling from texts that can carry it', () => {
    for (const spelling of SPELLINGS) {
      expect(redactKey(`wss://up/v1/realtime?api_key=${spelling} refused`, KEY)).toBe('wss://up/v1/realtime?api_key=[redacted] refused');
    }
  });

  it('is redacted from every frame that is not a market push: errors, acks, pongs, and error frames named after a channel', () => {
    const frames = [
      { cmd: 'connect', code: 1001, message: `bad key ${KEY}`, data: null },
      { cmd: 'subscribe', code: 2002, message: 'no', data: { channel: 'ticker', symbols: ['AAPL.US'], url: `?api_key=${encodeURIComponent(KEY)}` } },
      { cmd: 'ticker', code: 1001, message: `bad key ${KEY}`, data: null },
      { cmd: 'ticker', data: { symbol: 'AAPL.US' }, message: `bad key ${KEY}` },
    ];
    for (const frame of frames) {
      const out = frameForBrowser(JSON.stringify(frame), KEY);
      for (const spelling of SPELLINGS) expect(out).not.toContain(spelling);
      expect(out).toContain('[redacted]');
    }
  });

  it('leaves market pushes as the upstream sent them: their data is prices, never a diagnostic, and is not rewritten', () => {
    // The key's text inside a push can only be market data that happens to match it (a product's
    // name here): pushes are not scanned, so their bytes reach the browser as they came.
    for (const channel of ['ticker', 'depth', 'trade']) {
      const text = JSON.stringify({ cmd: channel, data: { symbol: 'AAPL.US', type: 'stock', name: KEY, last_price: '1', timestamp: 1 } });
      expect(frameForBrowser(text, KEY)).toBe(text);
    }
  });
});
