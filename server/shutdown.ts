/**
 * Graceful shutdown of an HTTP server: stop accepting at once, let requests in flight finish,
 * close keep-alive connections as soon as they are idle, and give up after a grace period.
 */
import type http from 'node:http';

export interface ShutdownOptions {
  /** How long in-flight requests may take before their connections are cut. */
  graceMs: number;
  /** How often idle keep-alive connections are swept while waiting; default 100 ms. */
  sweepMs?: number;
}

/** Resolves `true` when every connection ended by itself, `false` when the grace period ran out. */
export function closeGracefully(server: http.Server, options: ShutdownOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (clean: boolean): void => {
      if (settled) return;
      settled = true;
      clearInterval(sweeper);
      clearTimeout(deadline);
      resolve(clean);
    };
    // close() stops listening (new connections are refused from here on) and closes idle
    // connections once; connections idle later are swept until none is left.
    server.close(() => {
      finish(true);
    });
    const sweeper = setInterval(() => {
      server.closeIdleConnections();
    }, options.sweepMs ?? 100);
    const deadline = setTimeout(() => {
      server.closeAllConnections();
      finish(false);
    }, options.graceMs);
  });
}
