/**
 * The realtime client, loaded later: its code (the connection, the subscription ledger, the push
 * schemas) is not on the first page, which needs HTTP for its first candle. Until the client is
 * there, what is asked of it is held here in order: subscriptions read 'connecting' (their readers
 * poll HTTP meanwhile, as while a socket opens), then each is handed to the client, and every
 * watcher of a state or of the status hears that it may have changed.
 */
import type { ProductType } from '#shared/contract.ts';
import type { Realtime, RealtimeStats } from './realtime';
import { REALTIME_CHANNELS, type ChannelStatus, type RealtimeChannel, type RealtimeStatus } from './types';

/** Something asked of the client before it came: how to ask it, and how to take it back then. */
interface Held {
  attach: (client: Realtime) => () => void;
  detach?: () => void;
  /** A watcher, told once the client is there. */
  watcher?: () => void;
  /** A subscription's channel (the status counts it 'connecting'). */
  channel?: RealtimeChannel;
  /** A watcher of the status (told too when a subscription comes or goes meanwhile). */
  ofStatus?: true;
}

const NO_STATS: Readonly<RealtimeStats> = { invalidMessages: 0, lastPushAt: undefined };

/** `load` gives the client (it is asked once); a failed load is asked again at the next subscription. */
export function deferredRealtime(load: () => Promise<Realtime>): Realtime {
  let client: Realtime | undefined;
  let loading = false;
  let disposed = false;
  const held = new Set<Held>();
  // The status while waiting, one object per set of channels held (useSyncExternalStore compares them).
  const statuses = new Map<string, RealtimeStatus>();

  function arrive(loaded: Realtime): void {
    if (disposed) {
      loaded.dispose();
      return;
    }
    client = loaded;
    const waiting = [...held];
    held.clear();
    for (const entry of waiting) entry.detach = entry.attach(loaded);
    for (const entry of waiting) entry.watcher?.();
  }

  function start(): void {
    if (loading || client || disposed) return;
    loading = true;
    load().then(arrive, () => {
      // Offline before the code came: the next subscription asks again.
      loading = false;
    });
  }

  /** Asks the client now, or holds the asking until it is there; the returned function takes it back. */
  function ask(entry: Held): () => void {
    if (client) return entry.attach(client);
    held.add(entry);
    if (entry.channel) {
      start();
      statusChanged();
    }
    return () => {
      if (entry.detach) entry.detach();
      else if (held.delete(entry) && entry.channel) statusChanged();
    };
  }

  function statusChanged(): void {
    for (const entry of [...held]) if (entry.ofStatus) entry.watcher?.();
  }

  function waitingStatus(): RealtimeStatus {
    const channels = new Set([...held].flatMap(({ channel }) => (channel ? [channel] : [])));
    const key = REALTIME_CHANNELS.filter((channel) => channels.has(channel)).join();
    let status = statuses.get(key);
    if (!status) {
      const of = (channel: RealtimeChannel): ChannelStatus => ({ state: channels.has(channel) ? 'connecting' : 'unused' });
      status = {
        connection: channels.size > 0 ? 'connecting' : 'idle',
        channels: { ticker: of('ticker'), depth: of('depth'), trade: of('trade') },
      };
      statuses.set(key, status);
    }
    return status;
  }

  return {
    get stats() {
      return client?.stats ?? NO_STATS;
    },
    subscribe(channel, symbol, type, listener) {
      return ask({ channel, attach: (loaded) => loaded.subscribe(channel, symbol, type, listener) });
    },
    channelState(channel, symbol, type) {
      return client ? client.channelState(channel, symbol, type) : 'connecting';
    },
    watchState(channel: RealtimeChannel, symbol: string, type: ProductType | undefined, watcher: () => void) {
      return ask({ watcher, attach: (loaded) => loaded.watchState(channel, symbol, type, watcher) });
    },
    refusalOf(channel, symbol, type) {
      return client?.refusalOf(channel, symbol, type);
    },
    status() {
      return client ? client.status() : waitingStatus();
    },
    watchStatus(watcher) {
      return ask({ watcher, ofStatus: true, attach: (loaded) => loaded.watchStatus(watcher) });
    },
    watchPushes(watcher) {
      return ask({ attach: (loaded) => loaded.watchPushes(watcher) });
    },
    dispose() {
      disposed = true;
      held.clear();
      client?.dispose();
    },
  };
}
