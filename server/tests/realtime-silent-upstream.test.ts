/**
 * A silent upstream (its socket open, nothing arriving, not even a pong) over real loopback
 * sockets: the server keeps answering the browsers' pings itself, so it must find the silence on
 * its own keepalive and close the browsers (1013), which then reconnect and poll meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { connectBrowser, startProtocolUpstream, startRelayServer, type ProtocolUpstream, type RelayServer } from '../realtime/test-support.ts';

const isCmd = (cmd: string, code?: number) => (text: string) => {
  const frame = JSON.parse(text) as { cmd: string; code?: number };
  return frame.cmd === cmd && (code === undefined || frame.code === code);
};

describe('a silent upstream socket', () => {
  let upstream: ProtocolUpstream;
  let relay: RelayServer;

  beforeAll(async () => {
    upstream = await startProtocolUpstream();
    const config = loadConfig(
      { MARKET_API_KEY: 'srv-silent-key', MARKET_WS_URL: `ws://127.0.0.1:${upstream.port}/v1/realtime`, REALTIME_MAX_SOCKETS_PER_CLIENT: '50' },
      { port: 0 },
    );
    relay = await startRelayServer({ config, feed: { lingerMs: 50, backoffBaseMs: 20, keepaliveMs: 100 } });
  });

  afterAll(async () => {
    await relay.stop();
    await upstream.stop();
  });

  it('closes its browsers with 1013 by the next keepalive; the server answered their pings meanwhile; a new socket serves them', async () => {
    const browser = connectBrowser(relay.port);
    await browser.opened;
    browser.socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } }));
    await browser.next(isCmd('subscribe', 0));

    upstream.silent = true;
    // The browser's ping is the server's to answer, silent upstream or not.
    browser.socket.send('{"cmd":"ping"}');
    await browser.next(isCmd('pong', 0));
    expect(await browser.closed).toEqual({ code: 1013, reason: 'data source silent' });

    upstream.silent = false;
    const back = connectBrowser(relay.port);
    await back.opened;
    back.socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'ticker', symbols: ['AAPL.US'] } }));
    await back.next(isCmd('subscribe', 0));
    back.socket.close();
  });
});
