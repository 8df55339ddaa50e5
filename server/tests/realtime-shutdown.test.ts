/**
 * The production entry (`server/main.ts` in a child process) relays `/v1/realtime`, and on SIGTERM
 * closes relayed sockets with 1001 "server going away" and still exits cleanly.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { connectBrowser } from '../realtime/test-support.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let child: ChildProcessWithoutNullStreams | undefined;

afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

describe('server/main.ts with a relayed WebSocket', () => {
  it('relays, then on SIGTERM closes the socket 1001 and exits 0', async () => {
    const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      // No workspace database (its PGlite would open in the checkout's ./data before the server listens).
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', MARKET_API_KEY: '', SIM_NOW: '2026-11-25T15:00:00Z', SHUTDOWN_GRACE_MS: '5000', WORKSPACE: 'off' },
    });
    child = started;
    let output = '';
    started.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`main.ts did not start:\n${output}`));
      }, 30_000);
      started.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    const exited = new Promise<number | null>((resolve) => started.once('exit', resolve));

    const browser = connectBrowser(port);
    await browser.opened;
    browser.socket.send('{"cmd":"ping"}');
    expect(JSON.parse(await browser.next())).toMatchObject({ cmd: 'pong', code: 0 });

    started.kill('SIGTERM');
    expect(await browser.closed).toEqual({ code: 1001, reason: 'server going away' });
    expect(await exited).toBe(0);
    expect(output).toContain('chartroom: closed');
  }, 40_000);
});
