/**
 * The sender of bench/bare-fan-out.ts, in a process of its own as a Chartroom server is: accepts
 * the receivers' sockets, then writes one ticker-sized WebSocket frame to every socket in a plain
 * loop, burst after burst at the desk run's pace, timing each loop. Nothing else runs here: no
 * JSON, no subscriptions, no queues, no HTTP. Talks to the bench over the fork's IPC channel.
 */
import { createServer, type Socket } from 'node:net';
import { encodePush } from '../server/realtime/push-frame.ts';

/** The same shape and size as a simulator ticker push. */
const FRAME = encodePush(
  JSON.stringify({
    cmd: 'ticker',
    data: {
      symbol: 'AAPL.US',
      last_price: '231.47',
      volume: '48211934',
      turnover: '11158871223.41',
      high: '232.10',
      low: '229.85',
      open: '230.02',
      timestamp: 1_764_082_800_000,
    },
  }),
).frame;
/** Milliseconds between bursts, drawn evenly: about the desk run's pushes per second. */
const GAP_MS = [30, 70] as const;

const sockets: Socket[] = [];
const server = createServer((socket) => {
  socket.setNoDelay(true);
  socket.on('error', () => undefined);
  sockets.push(socket);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ kind: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
});

async function run(browsers: number, runMs: number): Promise<void> {
  while (sockets.length < browsers) await new Promise((resolve) => setTimeout(resolve, 10));
  const burstsMs: number[] = [];
  const until = performance.now() + runMs;
  while (performance.now() < until) {
    const startedAt = performance.now();
    for (const socket of sockets) socket.write(FRAME);
    burstsMs.push(performance.now() - startedAt);
    await new Promise((resolve) => setTimeout(resolve, GAP_MS[0] + Math.random() * (GAP_MS[1] - GAP_MS[0])));
  }
  process.send?.({ kind: 'done', burstsMs, frameBytes: FRAME.length });
  for (const socket of sockets) socket.destroy();
  server.close();
}

process.on('message', (message: { kind: string; browsers: number; runMs: number }) => {
  if (message.kind === 'run') void run(message.browsers, message.runMs);
});
