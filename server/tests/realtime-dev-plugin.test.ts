/**
 * Inside Vite's dev server (`npm run dev`): the plugin takes `/v1` upgrades for the relay and
 * leaves every other upgrade to Vite, whose HMR WebSocket must keep working.
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBrowser, handshakeStatus } from '../realtime/test-support.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the dev plugin inside Vite', () => {
  let vite: ViteDevServer;
  let port: number;

  beforeAll(async () => {
    vite = await createServer({
      root: ROOT,
      configFile: `${ROOT}/vite.config.ts`,
      logLevel: 'silent',
      server: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    await vite.listen();
    port = (vite.httpServer?.address() as AddressInfo).port;
  }, 60_000);

  afterAll(async () => {
    await vite.close();
  });

  it('still upgrades Vite’s HMR socket', async () => {
    const hmr = new WebSocket(`ws://127.0.0.1:${port}/`, 'vite-hmr');
    const first = await new Promise<string>((resolve, reject) => {
      hmr.once('message', (data: Buffer) => {
        resolve(data.toString());
      });
      hmr.once('error', reject);
    });
    expect(JSON.parse(first)).toMatchObject({ type: 'connected' });
    hmr.close();
  });

  it('relays /v1/realtime to the embedded simulator and answers other /v1 upgrades 404', async () => {
    const browser = connectBrowser(port);
    await browser.opened;
    browser.socket.send('{"cmd":"ping"}');
    expect(JSON.parse(await browser.next())).toMatchObject({ cmd: 'pong', code: 0 });
    browser.socket.close();
    await browser.closed;
    expect((await handshakeStatus(port, '/v1/market/ticker')).status).toBe(404);
    expect((await handshakeStatus(port, '/v1/realtime', { Origin: 'http://evil.example' })).status).toBe(403);
  });
});
