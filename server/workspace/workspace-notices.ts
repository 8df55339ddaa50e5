/**
 * "User U's workspace is at server revision N now": told to every browser of U that listens
 * (`/chartroom/workspace/events`), so a change made on one device shows on the others without a
 * reload. In one process by default; with REDIS_URL, through a Redis channel, so a write on one
 * instance reaches the browsers connected to another.
 */
import type { RedisLink } from '../redis/redis-link.ts';

export type RevisionListener = (serverRev: number) => void;
/** Hears every user's revisions (the server's alerts follow each user's alert records). */
export type AnyUserListener = (user: string, serverRev: number) => void;

export interface WorkspaceNotices {
  /** Tells U's listeners (on every instance) that U's workspace reached `serverRev`. */
  publish: (user: string, serverRev: number) => void;
  /** Listens for U's revisions; returns the stop. */
  subscribe: (user: string, listener: RevisionListener) => () => void;
  /** How many listen for U here (a cap on one user's open streams). */
  listeners: (user: string) => number;
  /** Listens for every user's revisions; returns the stop. */
  subscribeAll: (listener: AnyUserListener) => () => void;
}

/** The notices of one process. */
export function localWorkspaceNotices(): WorkspaceNotices & { deliver: (user: string, serverRev: number) => void } {
  const byUser = new Map<string, Set<RevisionListener>>();
  const everyUser = new Set<AnyUserListener>();
  const deliver = (user: string, serverRev: number): void => {
    for (const listener of byUser.get(user) ?? []) listener(serverRev);
    for (const listener of everyUser) listener(user, serverRev);
  };
  return {
    publish: deliver,
    deliver,
    subscribe(user, listener) {
      const set = byUser.get(user) ?? new Set<RevisionListener>();
      byUser.set(user, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) byUser.delete(user);
      };
    },
    listeners: (user) => byUser.get(user)?.size ?? 0,
    subscribeAll(listener) {
      everyUser.add(listener);
      return () => {
        everyUser.delete(listener);
      };
    },
  };
}

const CHANNEL = 'workspace';

/**
 * Notices shared by every instance on one Redis: a publish goes out on the channel (and is
 * delivered here at once, so this instance's browsers never wait on Redis, or miss a notice while
 * it is down); a message from another instance is delivered to this one's listeners.
 */
export function redisWorkspaceNotices(link: RedisLink): WorkspaceNotices {
  const local = localWorkspaceNotices();
  const from = link.instanceId;
  link.on(CHANNEL, (message) => {
    const [sender, rev, ...user] = message.split(' ');
    const serverRev = Number(rev);
    if (sender === from || !Number.isSafeInteger(serverRev) || user.length === 0) return;
    local.deliver(user.join(' '), serverRev);
  });
  return {
    publish(user, serverRev) {
      local.deliver(user, serverRev);
      link.command.publish(link.prefix + CHANNEL, `${from} ${String(serverRev)} ${user}`).catch(() => undefined);
    },
    subscribe: local.subscribe,
    listeners: local.listeners,
    subscribeAll: local.subscribeAll,
  };
}
