/**
 * The simulated browsers of bench/desk.ts and bench/desk-redis.ts, in a worker thread of their
 * own so their receiving does not share the servers' event loop: sockets to the Chartroom
 * server(s) and one straight to the simulator (the reference). Each frame is stamped as it comes
 * off its socket (timeOrigin + now, comparable across threads) and decoded only when the worker
 * is told to stop (bench/stamping-socket.ts says why); then it posts every ticker push's arrivals.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { messagesOf } from './frame-messages.ts';
import { StampingSocket } from './stamping-socket.ts';

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
let closes = 0;
/** Closes by instance index (the instance a browser was on). */
const closesByServer: number[] = [];

/** Symbol (without leading zeros), timestamp and price of a ticker push: the same push on any socket. */
function pushKey(text: string): string | undefined {
  if (!text.startsWith('{"cmd":"ticker"')) return undefined;
  const message = JSON.parse(text) as { data?: { symbol?: string; timestamp?: number; last_price?: string } };
  if (!message.data) return undefined;
  const { symbol = '', timestamp, last_price } = message.data;
  return `${symbol.replace(/^0+/, '')}|${String(timestamp)}|${String(last_price)}`;
}

function subscribe(socket: StampingSocket): void {
  socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'ticker', symbols: setup.watchlist } }));
  socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'depth', symbols: [setup.chart] } }));
  socket.send(JSON.stringify({ cmd: 'subscribe', data: { channel: 'trade', symbols: [setup.chart] } }));
}

const reference = await StampingSocket.open(`ws://127.0.0.1:${setup.simPort}/v1/realtime?api_key=${setup.key}`, now);
subscribe(reference);
const browsers: StampingSocket[] = [];
const ports = setup.serverPorts ?? [setup.serverPort];
for (let i = 0; i < setup.browsers; i += 1) {
  const server = i % ports.length;
  // As the app asks (src/realtime/socket.ts): a turn's pushes in one frame.
  const socket = await StampingSocket.open(`ws://127.0.0.1:${ports[server] ?? setup.serverPort}/v1/realtime?batch=1`, now);
  socket.onClose = () => {
    closes += 1;
    closesByServer[server] = (closesByServer[server] ?? 0) + 1;
  };
  subscribe(socket);
  browsers.push(socket);
}
parentPort?.postMessage({ kind: 'ready' });
parentPort?.on('message', () => {
  for (const socket of browsers) socket.onClose = undefined;
  const direct = new Map<string, number>();
  for (const { text, at } of reference.frames()) {
    const key = pushKey(text);
    if (key !== undefined && !direct.has(key)) direct.set(key, at);
  }
  /** Push key, arrival, browser index. */
  const seen: [string, number, number][] = [];
  browsers.forEach((socket, browser) => {
    for (const { text, at } of socket.frames()) {
      for (const message of messagesOf(text)) {
        const key = pushKey(message);
        if (key !== undefined) seen.push([key, at, browser]);
      }
    }
  });
  parentPort?.postMessage({ kind: 'done', direct: [...direct], seen, closes, closesByServer });
  reference.terminate();
  for (const socket of browsers) socket.terminate();
});
