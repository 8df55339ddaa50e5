/**
 * Shared upstream answers across instances (REDIS_URL): the short HTTP caches and their single
 * flight. For an exchange no instance has a fresh answer for, one instance asks the upstream (it
 * holds a lock key, `SET NX PX`), stores a 200 for its freshness and publishes whatever it got on
 * one channel; the others wait for that message (bounded by the lock's life, after which they ask
 * themselves: the asking instance died). A waiter listens before it looks and before it tries the
 * lock, so no answer can slip between the two.
 *
 * Redis unreachable (or failing mid-way): the instance asks on its own, as without Redis.
 */
import type { ExchangeResult } from '../upstream/exchange.ts';
import type { RedisLink } from './redis-link.ts';
import { UNLOCK, UNLOCK_SCRIPT } from './redis-script.ts';

type Answer = Extract<ExchangeResult, { kind: 'response' }>;

/** What crosses Redis: an answer (body in base64) or the failure's kind. */
interface Wire {
  key: string;
  s?: number;
  h?: Answer['headers'];
  b?: string;
  k?: Exclude<ExchangeResult['kind'], 'response'>;
  r?: string;
}

const CHANNEL = 'flights';

export interface RemoteShare {
  /**
   * The answer to `key` among every instance: a fresh one from Redis, the one another instance is
   * fetching, or `ask()`'s (whose 200 is kept `ttlMs` for everyone). `ttlLeftMs`: how much longer
   * a fresh answer stays fresh.
   */
  flight(
    key: string,
    ttlMs: number,
    ask: () => Promise<ExchangeResult>,
  ): Promise<{ result: ExchangeResult; ttlLeftMs?: number; source: 'redis' | 'other-instance' | 'upstream' }>;
}

export interface RedisShareOptions {
  link: RedisLink;
  /** Longest an exchange may take (the lock's life and a waiter's bound); default 12 s. */
  lockMs?: number;
}

function toWire(key: string, result: ExchangeResult): Wire {
  if (result.kind === 'response') return { key, s: result.status, h: result.headers, b: result.body.toString('base64') };
  return { key, k: result.kind, ...(result.kind === 'unreachable' && { r: result.reason }) };
}

function fromWire(wire: Wire): ExchangeResult | undefined {
  if (wire.s !== undefined) return { kind: 'response', status: wire.s, headers: wire.h ?? {}, body: Buffer.from(wire.b ?? '', 'base64') };
  if (wire.k === 'unreachable') return { kind: 'unreachable', reason: wire.r ?? 'upstream unreachable' };
  if (wire.k === 'timeout' || wire.k === 'too-large') return { kind: wire.k };
  // The asking instance's browsers all left: nobody answered; the waiter asks itself.
  return undefined;
}

/** Deletes the lock only while it is still ours. */

export function createRedisShare(options: RedisShareOptions): RemoteShare {
  const { link } = options;
  const lockMs = options.lockMs ?? 12_000;
  const waiters = new Map<string, Set<(wire: Wire) => void>>();
  link.on(CHANNEL, (message) => {
    let wire: Wire;
    try {
      wire = JSON.parse(message) as Wire;
    } catch {
      return;
    }
    for (const waiter of waiters.get(wire.key) ?? []) waiter(wire);
  });

  const listen = (key: string): { answer: Promise<Wire | undefined>; stop: () => void } => {
    let set = waiters.get(key);
    if (!set) {
      set = new Set();
      waiters.set(key, set);
    }
    const listeners = set;
    let resolve: (wire: Wire | undefined) => void = () => undefined;
    const answer = new Promise<Wire | undefined>((done) => (resolve = done));
    const timer = setTimeout(() => {
      resolve(undefined);
    }, lockMs);
    const waiter = (wire: Wire): void => {
      resolve(wire);
    };
    listeners.add(waiter);
    const stop = (): void => {
      clearTimeout(timer);
      listeners.delete(waiter);
      if (listeners.size === 0 && waiters.get(key) === listeners) waiters.delete(key);
      resolve(undefined);
    };
    return { answer, stop };
  };

  return {
    async flight(key, ttlMs, ask) {
      if (!link.up) return { result: await ask(), source: 'upstream' };
      const answerKey = link.key(`answer:${key}`);
      const lockKey = link.key(`lock:${key}`);
      const listening = listen(key);
      let mine = false;
      const stored = async (): Promise<{ result: ExchangeResult; ttlLeftMs: number } | undefined> => {
        const [[, bytes], [, pttl]] = ((await link.command.multi().getBuffer(answerKey).pttl(answerKey).exec()) ?? []) as [
          [unknown, Buffer | null],
          [unknown, number],
        ];
        const result = bytes ? fromWire(JSON.parse(bytes.toString()) as Wire) : undefined;
        return result && { result, ttlLeftMs: Math.max(0, pttl) };
      };
      try {
        const fresh = await stored();
        if (fresh) {
          listening.stop();
          return { ...fresh, source: 'redis' };
        }
        mine = (await link.command.set(lockKey, link.instanceId, 'PX', lockMs, 'NX')) === 'OK';
        // The instance that held the lock may have stored its answer and let go between our look and our lock.
        const late = mine ? await stored() : undefined;
        if (late) {
          listening.stop();
          await UNLOCK_SCRIPT.run(link, [lockKey], [link.instanceId]);
          return { ...late, source: 'redis' };
        }
      } catch {
        listening.stop();
        return { result: await ask(), source: 'upstream' };
      }
      if (!mine) {
        const wire = await listening.answer;
        listening.stop();
        const result = wire && fromWire(wire);
        if (result) return { result, ...(result.kind === 'response' && result.status === 200 && ttlMs > 0 && { ttlLeftMs: ttlMs }), source: 'other-instance' };
        return { result: await ask(), source: 'upstream' };
      }
      listening.stop();
      const result = await ask();
      const wire = JSON.stringify(toWire(key, result));
      const store = link.command.multi();
      if (ttlMs > 0 && result.kind === 'response' && result.status === 200) store.set(answerKey, wire, 'PX', ttlMs);
      store.publish(link.key(CHANNEL), wire).eval(UNLOCK, 1, lockKey, link.instanceId);
      await store.exec().catch(() => undefined);
      return { result, source: 'upstream' };
    },
  };
}
