/**
 * The floor under the desk benches' fan-out figure, measured in the same run as they are (as the
 * bare page and the bare proxy are for the first-candle and forwarder figures): the time a Node
 * process takes to write one push to N loopback sockets, doing nothing else. On this kind of
 * machine each loopback write costs microseconds of kernel time (the receiving side of TCP runs in
 * the sender's system call), so N browsers cost N times that, whatever the server does around it.
 */
import { fork } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { percentile } from './figure.ts';

export interface BareFanOut {
  p50: number;
  p99: number;
  bursts: number;
  frameBytes: number;
}

type SenderMessage = { kind: 'listening'; port: number } | { kind: 'done'; burstsMs: number[]; frameBytes: number };

export async function bareFanOut(browsers: number, runMs = 15_000): Promise<BareFanOut> {
  const sender = fork(new URL('./bare-fan-out-sender.ts', import.meta.url), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const receivers: Socket[] = [];
  try {
    const next = (kind: SenderMessage['kind']): Promise<SenderMessage> =>
      new Promise((resolve, reject) => {
        const onMessage = (message: SenderMessage): void => {
          if (message.kind !== kind) return;
          sender.off('message', onMessage);
          resolve(message);
        };
        sender.on('message', onMessage);
        sender.once('exit', (code) => {
          reject(new Error(`bare fan-out sender exited (${String(code)})`));
        });
      });
    const listening = await next('listening');
    if (listening.kind !== 'listening') throw new Error('unexpected message');
    for (let i = 0; i < browsers; i += 1) {
      const socket = connect(listening.port, '127.0.0.1');
      // Read and drop, as a browser tab reads and handles.
      socket.resume();
      socket.on('error', () => undefined);
      receivers.push(socket);
    }
    const done = next('done');
    sender.send({ kind: 'run', browsers, runMs });
    const result = await done;
    if (result.kind !== 'done') throw new Error('unexpected message');
    return { p50: percentile(result.burstsMs, 50), p99: percentile(result.burstsMs, 99), bursts: result.burstsMs.length, frameBytes: result.frameBytes };
  } finally {
    for (const socket of receivers) socket.destroy();
    sender.kill();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  for (const browsers of process.argv.slice(2).map(Number)) {
    const floor = await bareFanOut(browsers);
    console.log(`${browsers} sockets: p50 ${floor.p50.toFixed(2)} ms, p99 ${floor.p99.toFixed(2)} ms (${floor.bursts} bursts of ${floor.frameBytes} B)`);
  }
}
