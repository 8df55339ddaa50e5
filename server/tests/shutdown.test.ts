/**
 * Graceful shutdown of the real production entry (`server/main.ts` in a child process): on
 * SIGTERM it stops accepting, lets the request in flight finish, closes idle keep-alive
 * connections and exits 0; past SHUTDOWN_GRACE_MS it cuts what is left and exits 1.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseResponses, sendRaw, type ParsedResponse } from '../test-support/raw-socket.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const children: ChildProcessWithoutNullStreams[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

interface Running {
  child: ChildProcessWithoutNullStreams;
  port: number;
  /** Resolves when stdout has printed a line matching `pattern` (bounded by `timeoutMs`). */
  printed: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  exited: Promise<number | null>;
}

async function startMain(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    // No workspace database: its PGlite opens before the server listens (7 s and more on a busy
    // machine, in the checkout's ./data), which took a start past this test's time on CI.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', MARKET_API_KEY: '', CLIENT_RATE_LIMIT: '0', WORKSPACE: 'off', ...env },
  });
  children.push(child);
  let output = '';
  const waiters = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters) waiter();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      resolve(code);
    });
  });
  const printed = (pattern: RegExp, timeoutMs = 30_000): Promise<string> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const match = pattern.exec(output);
        if (match) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(match[1] ?? match[0]);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${String(pattern)} within ${timeoutMs} ms; output:\n${output}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  const port = Number(await printed(/listening on http:\/\/127\.0\.0\.1:(\d+)/));
  return { child, port, printed, exited };
}

/** A keep-alive connection: sends one request, resolves its first response, reports the close. */
function keepAliveRequest(port: number, path: string): { response: Promise<ParsedResponse>; closed: Promise<void>; isAnswered: () => boolean } {
  const socket = net.connect({ host: '127.0.0.1', port });
  let bytes = Buffer.alloc(0);
  let answered = false;
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => {
      resolve();
    });
  });
  const response = new Promise<ParsedResponse>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      const [first] = parseResponses(bytes, false, false).responses;
      if (first && !answered) {
        answered = true;
        resolve(first);
      }
    });
    socket.once('close', () => {
      if (!answered) reject(new Error(`${path}: connection closed without an answer`));
    });
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
  return { response, closed, isAnswered: () => answered };
}

function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: Error & { code?: string }) => {
      resolve(error.code ?? error.message);
    });
  });
}

describe('server/main.ts on SIGTERM', () => {
  it('finishes the request in flight, refuses new connections, closes idle ones, exits 0', async () => {
    // A long keep-alive timeout: only the shutdown's own sweeping can close idle connections in time.
    const server = await startMain({ SIM_LATENCY_MS: '1500', SHUTDOWN_GRACE_MS: '10000', SERVER_KEEP_ALIVE_TIMEOUT_MS: '600000' });

    // An idle keep-alive connection, answered before the signal.
    const idle = keepAliveRequest(server.port, '/healthz');
    expect((await idle.response).status).toBe(200);

    // The request in flight: 1.5 s of simulator latency. A round trip on a later connection
    // ensures the server has read it before the signal.
    const inFlight = keepAliveRequest(server.port, '/v1/market/intervals/kline');
    expect((await sendRaw(server.port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)).responses[0]?.status).toBe(200);
    expect(inFlight.isAnswered()).toBe(false);

    server.child.kill('SIGTERM');
    await server.printed(/SIGTERM, not accepting connections/, 5_000);

    // Still running (the request is in flight), but no longer accepting.
    expect(await connectOutcome(server.port)).toBe('ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();
    expect(inFlight.isAnswered()).toBe(false);

    // The idle keep-alive connection is closed by the server, without waiting for its timeout.
    await idle.closed;

    const answer = await inFlight.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 0 });
    // Its keep-alive connection is closed once idle, and the process exits cleanly.
    await inFlight.closed;
    expect(await server.exited).toBe(0);
    await server.printed(/chartroom: closed/, 5_000);
  });

  it('cuts what is still open after SHUTDOWN_GRACE_MS and exits 1', async () => {
    const server = await startMain({ SIM_LATENCY_MS: '20000', SHUTDOWN_GRACE_MS: '300' });
    const inFlight = keepAliveRequest(server.port, '/v1/market/intervals/kline');
    expect((await sendRaw(server.port, `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)).responses[0]?.status).toBe(200);
    server.child.kill('SIGTERM');
    await expect(inFlight.response).rejects.toThrow(/closed without an answer/);
    expect(await server.exited).toBe(1);
    await server.printed(/requests still open after 0\.3 s/, 5_000);
  });
});
