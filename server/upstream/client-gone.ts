/**
 * How an upstream exchange learns that the browser went away (it then aborts the upstream
 * request): from the Request's AbortSignal, or, on a Node server, straight from the Node
 * response. Reading `request.signal` makes the adapter build an AbortController for every
 * request, and EventTarget listeners cost more than EventEmitter ones: the Node response is the
 * cheaper source of the same event (the adapter aborts the signal on that very `close`).
 */
import type { ServerResponse } from 'node:http';

export interface ClientGone {
  /** The client is already gone. */
  readonly gone: boolean;
  /** Calls `listener` once when the client goes away; the returned function stops watching. */
  watch(listener: () => void): () => void;
}

export function signalGone(signal: AbortSignal): ClientGone {
  return new SignalGone(signal);
}

/**
 * The Node response closes when its connection does: before the answer is written, that is the
 * client going away (the watcher is removed once the exchange is over, before the answer).
 */
export function responseGone(outgoing: ServerResponse): ClientGone {
  return new ResponseGone(outgoing);
}

// Classes rather than object literals with getters: one shape, made once per request.
class SignalGone implements ClientGone {
  constructor(private readonly signal: AbortSignal) {}

  get gone(): boolean {
    return this.signal.aborted;
  }

  watch(listener: () => void): () => void {
    this.signal.addEventListener('abort', listener, { once: true });
    return () => {
      this.signal.removeEventListener('abort', listener);
    };
  }
}

class ResponseGone implements ClientGone {
  constructor(private readonly outgoing: ServerResponse) {}

  get gone(): boolean {
    return this.outgoing.destroyed;
  }

  watch(listener: () => void): () => void {
    this.outgoing.once('close', listener);
    return () => {
      this.outgoing.off('close', listener);
    };
  }
}
