/**
 * Screens shared by every instance (REDIS_URL, issue 36 §1): one instance computes a universe and
 * the others ask it, so the key pays for one warm-up and one stream of quote refreshes however
 * many instances serve the desk.
 *
 * - A universe's owner is the instance holding its lease in Redis (`screener:owner:<market>
 *   <type>`, SET NX PX). The first instance to screen a universe takes it, keeps the universe warm
 *   and renews the lease while screens come (its own or the others'); after `idleMs` without one
 *   it lets the lease lapse, as its universe stops refreshing.
 * - Another instance's screen goes to the owner on the owner's channel and its answer comes back
 *   on the asker's, bounded by `answerMs`. A request nobody hears (the owner is gone) frees the
 *   dead owner's lease and the asker takes it; a request unanswered in time is screened locally,
 *   and that owner is not asked again for a lease's life.
 * - Redis down: every instance screens on its own, as without Redis.
 */
import { randomUUID } from 'node:crypto';
import type { ScreenUniverse } from '#shared/screener/screen-model.ts';
import type { ScreenAnswer, ScreenRequest, SparksAnswer, SparksRequest } from '#shared/screener/screener-protocol.ts';
import type { ScreenerSharingSource } from '../metrics/chartroom-metrics.ts';
import type { ScreenerService } from '../screener/screener-service.ts';
import type { RedisLink } from './redis-link.ts';
import { RedisScript, UNLOCK_SCRIPT } from './redis-script.ts';

export interface SharedScreensOptions {
  /** The lease's life: an owner gone silent is replaced within it. Default 15 s. */
  leaseMs?: number;
  /** How long an asker waits for the owner's answer before it screens on its own. Default 5 s. */
  answerMs?: number;
  /** No screen for this long: the owner lets its lease lapse. Default 5 min (the universe's idle rule). */
  idleMs?: number;
  log?: (line: string) => void;
}

/** Screens this instance answered for the others, the others for it, and those asked of another that it screened itself (no answer in time, Redis failing). */
export type SharedScreensStats = ScreenerSharingSource;

export interface SharedScreens extends ScreenerService {
  sharing(): SharedScreensStats;
}

/** A screen, or the sparklines of a few of its rows: both answered by the universe's owner. */
type Question = { kind: 'screen'; request: ScreenRequest } | { kind: 'sparks'; request: SparksRequest };
type AnswerTo<Q extends Question> = Q extends { kind: 'screen' } ? ScreenAnswer : SparksAnswer;

type Ask = Question & { id: string; from: string };

type Reply = { id: string; answer: ScreenAnswer | SparksAnswer } | { id: string; error: string };

/** Renews a lease only while this instance holds it. */
const RENEW = new RedisScript(`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`);

const universeName = ({ market, type }: ScreenUniverse): string => `${market} ${type}`;

export function sharedScreens(local: ScreenerService, link: RedisLink, options: SharedScreensOptions = {}): SharedScreens {
  const leaseMs = options.leaseMs ?? 15_000;
  const answerMs = options.answerMs ?? 5_000;
  const idleMs = options.idleMs ?? 5 * 60_000;
  const stats: SharedScreensStats = { answeredForOthers: 0, answeredByOthers: 0, fallbacks: 0 };
  /** Lease key → when its universe was last screened here (for anyone), while this instance holds it. */
  const held = new Map<string, number>();
  const waiting = new Map<string, { resolve: (reply: Reply) => void; timer: NodeJS.Timeout }>();
  /** Owners that heard a screen and did not answer in time, until when they are not asked again. */
  const unanswering = new Map<string, number>();
  const leaseKey = (universe: ScreenUniverse): string => link.key(`screener:owner:${universeName(universe)}`);

  const universeOf = (question: Question): ScreenUniverse => (question.kind === 'screen' ? question.request.screen.universe : question.request.universe);

  /** Answered by this instance's universes. */
  const localAnswer = <Q extends Question>(question: Q): Promise<AnswerTo<Q>> =>
    (question.kind === 'screen' ? local.screen(question.request) : local.sparks(question.request)) as Promise<AnswerTo<Q>>;

  /** Answered here as the universe's owner: its lease is in use. */
  const answerHere = <Q extends Question>(question: Q): Promise<AnswerTo<Q>> => {
    const key = leaseKey(universeOf(question));
    if (held.has(key)) held.set(key, performance.now());
    return localAnswer(question);
  };

  const offAsk = link.on(`screener:ask:${link.instanceId}`, (message) => {
    let ask: Ask;
    try {
      ask = JSON.parse(message) as Ask;
    } catch {
      return;
    }
    stats.answeredForOthers += 1;
    const question: Question = ask.kind === 'sparks' ? { kind: 'sparks', request: ask.request } : { kind: 'screen', request: ask.request };
    void answerHere(question)
      .then(
        (answer): Reply => ({ id: ask.id, answer }),
        (error: unknown): Reply => ({ id: ask.id, error: error instanceof Error ? error.message : 'unknown error' }),
      )
      .then((reply) => link.command.publish(link.key(`screener:answer:${ask.from}`), JSON.stringify(reply)))
      .catch(() => undefined);
  });
  const offAnswer = link.on(`screener:answer:${link.instanceId}`, (message) => {
    let reply: Reply;
    try {
      reply = JSON.parse(message) as Reply;
    } catch {
      return;
    }
    const waiter = waiting.get(reply.id);
    if (!waiter) return;
    waiting.delete(reply.id);
    clearTimeout(waiter.timer);
    waiter.resolve(reply);
  });

  // Renewed at a third of the lease's life while in use; let lapse once idle.
  const renewal = setInterval(
    () => {
      for (const [key, lastUsed] of held) {
        if (performance.now() - lastUsed > idleMs) {
          held.delete(key);
          continue;
        }
        RENEW.run(link, [key], [link.instanceId, String(leaseMs)])
          .then((renewed) => {
            if (renewed !== 1) held.delete(key);
          })
          .catch(() => undefined);
      }
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  renewal.unref();

  /** This instance, when it holds the universe's lease or has just taken it; else the holder. */
  const ownerOf = async (key: string): Promise<string | null> => {
    const taken = await link.command.set(key, link.instanceId, 'PX', leaseMs, 'NX');
    if (taken === 'OK') {
      held.set(key, performance.now());
      options.log?.(`chartroom: screener: this instance computes ${key.slice(link.key('screener:owner:').length)} for every instance`);
      return link.instanceId;
    }
    return link.command.get(key);
  };

  const askOwner = async (owner: string, question: Question): Promise<Reply | 'unheard' | 'timeout'> => {
    const id = randomUUID();
    const reply = new Promise<Reply | 'timeout'>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve('timeout');
      }, answerMs);
      waiting.set(id, { resolve, timer });
    });
    const ask: Ask = { ...question, id, from: link.instanceId };
    const heard = await link.command.publish(link.key(`screener:ask:${owner}`), JSON.stringify(ask)).catch(() => 0);
    if (heard === 0) {
      const waiter = waiting.get(id);
      if (waiter) clearTimeout(waiter.timer);
      waiting.delete(id);
      return 'unheard';
    }
    return reply;
  };

  /** Answered by the universe's owner: this instance (a screen takes the lease if free), else the holder; here when that fails. */
  const viaOwner = async <Q extends Question>(question: Q): Promise<AnswerTo<Q>> => {
    if (!link.up) return localAnswer(question);
    const key = leaseKey(universeOf(question));
    // The owner answers without asking Redis: the renewal drops the key from `held` if it lost it.
    if (held.has(key)) return answerHere(question);
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        // Only a screen takes a free lease: sparklines ask for a universe a screen has warmed, and
        // with no owner none is warm elsewhere (this instance's own, if any, answers).
        const owner = question.kind === 'screen' ? await ownerOf(key) : await link.command.get(key);
        if (owner === null) {
          if (question.kind === 'sparks') return await localAnswer(question);
          continue;
        }
        if (owner === link.instanceId) return await answerHere(question);
        // A stuck owner is not waited for at every screen: its lease lapses if it is dead.
        if ((unanswering.get(owner) ?? 0) > performance.now()) break;
        const reply = await askOwner(owner, question);
        if (reply === 'unheard') {
          // The owner is gone without letting go: free its lease and take it.
          await UNLOCK_SCRIPT.run(link, [key], [owner]);
          continue;
        }
        if (reply === 'timeout') unanswering.set(owner, performance.now() + leaseMs);
        if (reply === 'timeout' || 'error' in reply) break;
        stats.answeredByOthers += 1;
        return reply.answer as AnswerTo<Q>;
      }
    } catch {
      // Redis failing mid-way: answered here.
    }
    stats.fallbacks += 1;
    return localAnswer(question);
  };

  return {
    universe: (universe) => local.universe(universe),
    screen: (request) => viaOwner({ kind: 'screen', request }),
    sparks: (request) => viaOwner({ kind: 'sparks', request }),
    stats: () => local.stats(),
    sharing: () => ({ ...stats }),
    reset() {
      local.reset();
    },
    stop() {
      clearInterval(renewal);
      offAsk();
      offAnswer();
      for (const [key] of held) UNLOCK_SCRIPT.run(link, [key], [link.instanceId]).catch(() => undefined);
      held.clear();
      for (const { resolve, timer } of waiting.values()) {
        clearTimeout(timer);
        resolve({ id: '', error: 'stopped' });
      }
      waiting.clear();
      local.stop();
    },
  };
}
