import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

const realtime = (env: Record<string, string>) => loadConfig(env, { port: 0 }).realtime;

describe('realtime configuration', () => {
  it('derives MARKET_WS_URL from MARKET_API_BASE_URL (https → wss, http → ws, path prefix kept)', () => {
    expect(realtime({}).upstreamUrl).toBe('wss://api.tickdb.ai/v1/realtime');
    expect(realtime({ MARKET_API_BASE_URL: 'http://127.0.0.1:8787' }).upstreamUrl).toBe('ws://127.0.0.1:8787/v1/realtime');
    expect(realtime({ MARKET_API_BASE_URL: 'https://gw.example/market/' }).upstreamUrl).toBe('wss://gw.example/market/v1/realtime');
  });

  it('takes MARKET_WS_URL as given, and refuses what is not a plain ws(s) URL', () => {
    expect(realtime({ MARKET_WS_URL: 'wss://stream.example/ws' }).upstreamUrl).toBe('wss://stream.example/ws');
    for (const bad of ['https://stream.example/ws', 'wss://stream.example/ws?api_key=x', 'wss://u:p@stream.example/', 'wss://s.example/#f', 'nope']) {
      expect(() => realtime({ MARKET_WS_URL: bad }), bad).toThrow(/MARKET_WS_URL/);
    }
  });

  it('caps sockets per client at 20 unless REALTIME_MAX_SOCKETS_PER_CLIENT says otherwise', () => {
    expect(realtime({}).maxSocketsPerClient).toBe(20);
    expect(realtime({ REALTIME_MAX_SOCKETS_PER_CLIENT: '3' }).maxSocketsPerClient).toBe(3);
    expect(() => realtime({ REALTIME_MAX_SOCKETS_PER_CLIENT: '0' })).toThrow(/REALTIME_MAX_SOCKETS_PER_CLIENT/);
  });
});
