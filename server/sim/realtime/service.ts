/**
 * The simulator's realtime service: admits connections (key, plan, per-key connection limit),
 * runs one push timer for all of them, and carries the run-time controls (refusals, limits, drop).
 */
import type { SimClock } from '../http/clock.ts';
import { identify } from '../http/access.ts';
import { SimError } from '../http/sim-error.ts';
import { Connection, type ConnectionHost } from './connection.ts';
import { errorReply } from '#shared/realtime-messages.ts';
import { DEFAULT_REALTIME_SETTINGS, mergeSettings } from './settings.ts';
import { TopicRegistry } from './topics.ts';
import type { RealtimeConnectionInfo, RealtimePeer, RealtimeSession, RealtimeSettings, SimRealtimeService } from './types.ts';

/** Close code of a refused connection (policy violation) and of the drop control (service restart). */
const POLICY_VIOLATION = 1008;
const SERVICE_RESTART = 1012;

const INERT_SESSION: RealtimeSession = Object.freeze({ receive: () => undefined, closed: () => undefined });

export function createSimRealtime(clock: Pick<SimClock, 'now'>, initial: Partial<RealtimeSettings> = {}): SimRealtimeService {
  let settings = mergeSettings(DEFAULT_REALTIME_SETTINGS, initial);
  const connections = new Set<Connection>();
  const topics = new TopicRegistry();
  let nextId = 1;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const pushNow = (): void => {
    topics.pushAll(clock.now());
  };

  const stopTimer = (): void => {
    clearInterval(timer);
    timer = undefined;
  };
  /** The timer runs only while someone is connected. */
  const syncTimer = (): void => {
    if (stopped || connections.size === 0) {
      stopTimer();
      return;
    }
    if (timer) return;
    timer = setInterval(pushNow, settings.pushIntervalMs);
    timer.unref();
  };

  const host: ConnectionHost = {
    now: () => clock.now(),
    settings: () => settings,
    topics,
    ended: (connection) => {
      connections.delete(connection);
      syncTimer();
    },
  };

  const refuse = (peer: RealtimePeer, error: SimError): RealtimeSession => {
    peer.send(errorReply('connect', error.code));
    peer.close(POLICY_VIOLATION, error.message);
    return INERT_SESSION;
  };

  return {
    open(peer, apiKey, clientAddress) {
      let identity: ReturnType<typeof identify>;
      try {
        identity = identify(apiKey, clientAddress);
      } catch (error) {
        if (error instanceof SimError) return refuse(peer, error);
        throw error;
      }
      const sameKey = [...connections].filter((connection) => connection.key === identity.key).length;
      if (sameKey >= settings.maxConnectionsPerKey) return refuse(peer, new SimError(3003));
      const connection = new Connection(nextId++, identity.key, identity.plan, peer, host);
      connections.add(connection);
      syncTimer();
      return connection;
    },
    dropAll() {
      const all = [...connections];
      for (const connection of all) connection.close(SERVICE_RESTART, 'service restart');
      return all.length;
    },
    connections(): RealtimeConnectionInfo[] {
      return [...connections].map((connection) => connection.info());
    },
    stop() {
      stopped = true;
      stopTimer();
    },
    settings: () => settings,
    update(body) {
      const previous = settings;
      settings = mergeSettings(settings, body);
      for (const channel of ['depth', 'trade'] as const) {
        if (settings.refuse[channel] && !previous.refuse[channel]) for (const connection of connections) connection.refuse(channel);
      }
      if (settings.pushIntervalMs !== previous.pushIntervalMs) {
        stopTimer();
        syncTimer();
      }
      return settings;
    },
    pushNow,
  };
}
