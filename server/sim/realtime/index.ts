/** The simulator's realtime channel (`/v1/realtime`): the service and its transport-neutral API. */
export type { RealtimeConnectionInfo, RealtimePeer, RealtimeSession, RealtimeSettings, SimRealtime, SimRealtimeService } from './types.ts';
export { createSimRealtime } from './service.ts';
export { DEFAULT_REALTIME_SETTINGS } from './settings.ts';
