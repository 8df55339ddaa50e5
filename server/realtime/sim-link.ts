/**
 * Simulator mode: no network hop. Each browser socket becomes a session of the embedded
 * simulator's realtime service, opened with the embedded key (Enterprise, or the plan chosen
 * through /__sim/key); whatever key the browser sent is ignored, as on the HTTP side.
 */
import type { SimRealtime } from '../sim/realtime/types.ts';
import type { DataSourceFactory } from './data-source.ts';

/** The parts of the embedded simulator the relay uses. */
export interface EmbeddedSimulator {
  realtime: Pick<SimRealtime, 'open'>;
  embeddedKey: { current: string };
}

export function simulatorSource(simulator: EmbeddedSimulator): DataSourceFactory {
  // A simulator session is already what the relay needs: receive() and an idempotent closed().
  return (peer, clientAddress) => simulator.realtime.open(peer, simulator.embeddedKey.current, clientAddress);
}
