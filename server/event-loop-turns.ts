/**
 * Turns of the event loop for CPU work on the server's only thread. A burst of callers awaiting
 * setImmediate together all resume in one check phase, back to back: 26 stock-info answers of the
 * catalogue's build computed by the embedded simulator held every other request for 0.6 s so.
 * Here each caller gets a turn of its own, and other requests, timers and sockets run between two.
 */

/** A function that resolves on a later turn of the event loop, one caller a turn, in call order. */
export function oneCallerATurn(): () => Promise<void> {
  let previous: Promise<void> = Promise.resolve();
  return () => {
    previous = previous.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    return previous;
  };
}
