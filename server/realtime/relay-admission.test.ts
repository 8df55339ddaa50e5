/**
 * The relay's wait on the access check of an upgrade (which may ask a database): a socket that
 * fails or goes meanwhile breaks nothing, and whatever the check decides, or a failed check, or a
 * shutdown begun meanwhile, is answered on the socket once the check is done.
 */
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createRealtimeRelay, type RealtimeRelayOptions } from './relay.ts';

type Admit = NonNullable<RealtimeRelayOptions['admit']>;
type AdmitVerdict = Awaited<ReturnType<Admit>>;

const config = loadConfig(
  { MARKET_API_KEY: 'test-key', MARKET_API_BASE_URL: 'http://127.0.0.1:9', MARKET_WS_URL: 'ws://127.0.0.1:9/v1/realtime' },
  { port: 0 },
);

function upgradeRequest(): IncomingMessage {
  const headers = {
    host: '127.0.0.1:8080',
    upgrade: 'websocket',
    connection: 'Upgrade',
    'sec-websocket-version': '13',
    'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
  };
  return {
    url: '/v1/realtime',
    method: 'GET',
    headers,
    rawHeaders: Object.entries(headers).flat(),
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as IncomingMessage;
}

/** A relay whose check waits until the test decides; the socket's output as text. */
function waitingUpgrade() {
  let decide: (verdict: AdmitVerdict) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const relay = createRealtimeRelay({
    config,
    admit: () =>
      new Promise((resolve, reject) => {
        decide = resolve;
        fail = reject;
      }),
  });
  const socket = new PassThrough();
  let written = '';
  socket.on('data', (chunk: Buffer) => (written += chunk.toString()));
  relay.handleUpgrade(upgradeRequest(), socket, Buffer.alloc(0));
  const settled = () => new Promise((resolve) => setTimeout(resolve, 10));
  return {
    relay,
    socket,
    written: () => written,
    decide: (verdict: AdmitVerdict) => {
      decide(verdict);
    },
    fail: (error: Error) => {
      fail(error);
    },
    settled,
  };
}

describe('an upgrade waiting on its access check', () => {
  it('takes a socket error meanwhile, and leaves a socket gone by the verdict alone', async () => {
    const upgrade = waitingUpgrade();
    expect(() => upgrade.socket.emit('error', new Error('read ECONNRESET'))).not.toThrow();
    upgrade.socket.destroy();
    upgrade.decide({ ok: true, admission: { watch: () => () => undefined } });
    await upgrade.settled();
    expect(upgrade.written()).toBe('');
    expect(upgrade.relay.stats.connections()).toBe(0);
  });

  it('answers the refusal the check decided', async () => {
    const upgrade = waitingUpgrade();
    upgrade.decide({ ok: false, refusal: { status: 401, code: 1002, message: 'Token is required: sign in' } });
    await upgrade.settled();
    expect(upgrade.written()).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
    expect(upgrade.written()).toContain('"code":1002');
  });

  it('answers 503 when the check itself fails, or when the server began stopping meanwhile', async () => {
    const failed = waitingUpgrade();
    failed.fail(new Error('database away'));
    await failed.settled();
    expect(failed.written()).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(failed.written()).toContain('Retry-After: 5');

    const stopping = waitingUpgrade();
    await stopping.relay.close();
    stopping.decide({ ok: true, admission: { watch: () => () => undefined } });
    await stopping.settled();
    expect(stopping.written()).toMatch(/^HTTP\/1\.1 503 /);
    expect(stopping.written()).toContain('server shutting down');
  });
});
