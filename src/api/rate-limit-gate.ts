/*
 * The rate-limit gate of one API client. Every panel goes out with the server's one key, so a
 * 3001 (or any 429) answer closes the gate for all of them until its Retry-After instant (1 s when
 * the answer names none): requests wait in the gate and leave together when it opens; an abort
 * ends the wait at once. Requests already handed to the browser but not yet answered when the
 * gate closes are withdrawn and queued behind it too, because the browser may still hold them in
 * its own connection queue and send them inside the window.
 */
import { wallClock } from '../time/clock';

/** The pause after a 3001 whose answer carries no usable Retry-After. */
export const DEFAULT_RATE_LIMIT_PAUSE_MS = 1_000;
/** Bound of the waits in a gate that keeps being pushed back. */
const MAX_GATE_WAITS = 8;

/** The abort reason of a withdrawn request, told apart from the caller's own abort. */
export const WITHDRAWN = new DOMException('Withdrawn by the rate-limit gate', 'AbortError');

export interface RateLimitGate {
  /** The wall-clock instant (ms) the gate opens, while it is closed. */
  closedUntil(): number | undefined;
  /** Closes the gate for `retryAfterMs` from now; never opens it earlier than it was to open. */
  close(retryAfterMs: number | undefined): void;
  /** Waits until the gate is open; false when it kept being pushed back beyond the bound. */
  pass(signal: AbortSignal | undefined): Promise<boolean>;
  /** Holds a sent, unanswered request, withdrawn (aborted with WITHDRAWN) if the gate closes; returns the release. */
  track(controller: AbortController): () => void;
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      if (signal) reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createRateLimitGate(): RateLimitGate {
  let opensAt = 0;
  const awaitingAnswer = new Set<AbortController>();
  return {
    closedUntil: () => (opensAt > wallClock.now() ? opensAt : undefined),
    close(retryAfterMs) {
      const until = wallClock.now() + (retryAfterMs ?? DEFAULT_RATE_LIMIT_PAUSE_MS);
      if (until <= opensAt || until <= wallClock.now()) return;
      opensAt = until;
      for (const controller of awaitingAnswer) controller.abort(WITHDRAWN);
      awaitingAnswer.clear();
    },
    async pass(signal) {
      for (let wait = 0; wait < MAX_GATE_WAITS; wait++) {
        const remaining = opensAt - wallClock.now();
        if (remaining <= 0) return true;
        await sleep(remaining, signal);
      }
      return opensAt <= wallClock.now();
    },
    track(controller) {
      awaitingAnswer.add(controller);
      return () => {
        awaitingAnswer.delete(controller);
      };
    },
  };
}
