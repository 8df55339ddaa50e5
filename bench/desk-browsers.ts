/**
 * The simulated browsers of bench/desk.ts, in a worker thread of their own so their receiving
 * does not share the server's event loop: sockets to the Chartroom server and one straight to the
 * simulator (the reference), each ticker push stamped on arrival (timeOrigin + now, comparable
 * across threads). Posts the stamps when told to stop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { frameText } from '../server/realtime/data-source.ts';

interface Setup {
  browsers: number;
  serverPort: number;
  /** Several instances (bench/desk-redis.ts): browser i connects to serverPorts[i % length]. */
  serverPorts?: number[];
  simPort: number;
  key: string;
  watchlist: string[];
  chart: string;
}

const setup = workerData as Setup;
const now = (): number => performance.timeOrigin + performance.now();
const direct = new Map<string, number>();
/** Push key, arrival, browser index. */
const seen: [string, number, number][] = [];
let closes = 0;
/** Closes by instance index (the instance a browser was on). */
const closesByServer: number[] = [];

function pushKey(text: string): string | undefined {
  if (!text.startsWith('{"cmd":"ticker"')) return undefined;
  const message = JSON.parse(text) as { data?: { symbol?: string; timestamp?: number; last_price?: string } };
  if (!message.data) return undefined;
  const { symbol = '', timestamp, last_price } = message.data;
  return `${symbol.replace(/^0+/, '')}|${String(timestamp)}|${String(last_price)}`;
}

function open(url: string, onPush: (key: string, at: number) => void): Promise<WebSocket> {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  socket.on('message', (data) => {
    const at = now();
    const key = pushKey(frameText(data));
    if (key !== undefined) onPush(key, at);
  });
  socket.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

function subscribe(socket: WebSocket): void {
  socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'ticker', symbols: setup.watchlist } }));
  socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'depth', symbols: [setup.chart] } }));
  socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'trade', symbols: [setup.chart] } }));
}

const sockets: WebSocket[] = [];
const reference = await open(`ws://127.0.0.1:${setup.simPort}/v1/realtime?api_key=${setup.key}`, (key, at) => {
  if (!direct.has(key)) direct.set(key, at);
});
subscribe(reference);
sockets.push(reference);
const ports = setup.serverPorts ?? [setup.serverPort];
for (let i = 0; i < setup.browsers; i += 1) {
  const server = i % ports.length;
  const socket = await open(`ws://127.0.0.1:${ports[server] ?? setup.serverPort}/v1/realtime`, (key, at) => seen.push([key, at, i]));
  socket.on('close', () => {
    closes += 1;
    closesByServer[server] = (closesByServer[server] ?? 0) + 1;
  });
  subscribe(socket);
  sockets.push(socket);
}
parentPort?.postMessage({ kind: 'ready' });
parentPort?.on('message', () => {
  for (const socket of sockets) socket.removeAllListeners('close');
  parentPort?.postMessage({ kind: 'done', direct: [...direct], seen, closes, closesByServer });
  for (const socket of sockets) socket.terminate();
});
