/** The `/v1/realtime` relay: what the rest of the server uses. */
export { createRealtimeRelay, type RealtimeRelay, type RealtimeRelayOptions } from './relay.ts';
export type { RealtimeStats } from './stats.ts';
export { isRealtimeTarget } from './upgrade-checks.ts';
