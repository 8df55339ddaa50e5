/**
 * The pre-framed push read by a real WebSocket client (ws) from a real server's TCP socket: the
 * three payload length forms, UTF-8 beyond ASCII, and frames written back to back.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { encodePush } from './push-frame.ts';

describe('encodePush', () => {
  let server: WebSocketServer;
  let port = 0;
  const texts = ['{"cmd":"ticker"}', `{"name":"騰訊控股","pad":"${'x'.repeat(300)}"}`, `{"big":"${'y'.repeat(70_000)}"}`, ''];

  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    server.on('connection', (_socket, request) => {
      for (const text of texts) request.socket.write(encodePush(text).frame);
    });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  });

  it('is read by a WebSocket client as the same text messages, in order', async () => {
    const client = new WebSocket(`ws://127.0.0.1:${String(port)}`);
    const received: string[] = [];
    await new Promise<void>((resolve, reject) => {
      client.on('message', (data: Buffer, isBinary) => {
        if (isBinary) reject(new Error('binary frame'));
        received.push(data.toString());
        if (received.length === texts.length) resolve();
      });
      client.on('error', reject);
    });
    client.terminate();
    expect(received).toEqual(texts);
  });

  it('keeps the payload it framed', () => {
    const { payload, frame } = encodePush('abc');
    expect(payload.toString()).toBe('abc');
    expect([...frame]).toEqual([0x81, 3, 0x61, 0x62, 0x63]);
  });
});
