/**
 * A replay as the app runs it (loaded on demand, replay-switch.ts): the replay's clock on the
 * instrument's sessions, its MarketFeed over the page's API client, the services the app renders
 * on while it runs (the page's, with that clock and feed), the URL's `replay=` kept at its
 * position, and the way back to live: the app's tree on the page's services again and none of
 * the replay's answers left in the query cache.
 */
import { sessionCalendar } from '#shared/replay/session-calendar.ts';
import type { ProductType } from '#shared/contract.ts';
import type { AppServices, DatesVisibility } from '../../queries/app-services';
import { useAppStore } from '../../store/app-store';
import { wallClock } from '../../time/clock';
import { createReplayClock, type ReplayClock, type ReplaySpeed } from './replay-clock';
import { createReplayMarketFeed, followReplayClock, removeSourceQueries, type ReplayMarketFeed } from './replay-market-feed';
import { clearReplayFirings } from './replay-firings';
import { createReplayNames } from './replay-names';
import { scheduleVenue } from './replay-source';
import { currentReplay, REPLAY_PARAM, setCurrentReplay, type ReplayRunHandle } from './replay-switch';
import { parseReplayParam, withReplayParam, type ReplayLink } from './replay-url';

export { ReplayBar, ReplayControls } from './replay-controls';
export { ReplayStartDialog } from './replay-start-dialog';

export interface ReplayStart extends ReplayLink {
  symbol: string;
  type?: ProductType | undefined;
}

export interface ReplayRun extends ReplayRunHandle {
  readonly start: ReplayStart;
  readonly clock: ReplayClock;
  readonly feed: ReplayMarketFeed;
  /** Shows the dates a blind replay hides (useDatesHidden), for the rest of the replay. */
  revealDates(): void;
  /** Ends the replay: live data again, nothing of the replay left in the cache. */
  stop(): void;
}

export const DEFAULT_SPEED: ReplaySpeed = { kind: 'bars', interval: '1m', perSecond: 4 };
/** How often a playing replay writes its position into the URL (wall ms). */
const URL_EVERY_MS = 1_000;

let counter = 0;

function sameSpeed(a: ReplaySpeed, b: ReplaySpeed): boolean {
  return a.kind === 'realtime' ? b.kind === 'realtime' && a.factor === b.factor : b.kind === 'bars' && a.perSecond === b.perSecond && a.interval === b.interval;
}

/** A replay's dates: hidden from a blind start until revealed. */
function blindDates(blind: boolean): DatesVisibility & { reveal: () => void } {
  let hidden = blind;
  const listeners = new Set<() => void>();
  return {
    hidden: () => hidden,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    reveal: () => {
      if (!hidden) return;
      hidden = false;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** The page's own services, also when asked from inside a replay. */
function baseOf(services: AppServices): AppServices {
  const run = currentReplay();
  return run && run.services === services ? run.base : services;
}

function writeUrl(link: ReplayLink | undefined): void {
  const search = withReplayParam(window.location.search, link);
  if (search !== window.location.search) window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}`);
}

/** Starts a replay of `start.symbol` (ending the one that runs); undefined when its sessions are unknown. */
export function startReplay(services: AppServices, start: ReplayStart): ReplayRun | undefined {
  const base = baseOf(services);
  const venue = scheduleVenue({ symbol: start.symbol, type: start.type });
  if (!venue) return undefined;
  currentReplayRun()?.stop();
  clearReplayFirings();
  const calendar = sessionCalendar(venue);
  const limit = () => base.clock.now() as number;
  const clock = createReplayClock({ start: start.position, calendar, limit, speed: start.speed ?? DEFAULT_SPEED });
  counter += 1;
  const id = `${String(wallClock.now())}-${String(counter)}`;
  const feed = createReplayMarketFeed({ id, api: base.api, clock, sourceNow: limit, names: createReplayNames(base.queryClient, base.api) });
  const stopFollowing = followReplayClock(base.queryClient, feed.source, clock);
  let written = 0;
  const link = (): ReplayLink => {
    const speed = clock.speed();
    return { start: start.start, position: clock.now(), blind: start.blind, ...(!sameSpeed(speed, DEFAULT_SPEED) && { speed }) };
  };
  let writtenSpeed = clock.speed();
  const unsubscribeUrl = clock.subscribe(() => {
    const now = wallClock.now();
    // A new speed is written at once; a playing replay's position at most every URL_EVERY_MS.
    if (clock.playing() && now - written < URL_EVERY_MS && sameSpeed(clock.speed(), writtenSpeed)) return;
    written = now;
    writtenSpeed = clock.speed();
    writeUrl(link());
  });
  writeUrl(link());
  let stopped = false;
  const dates = blindDates(start.blind);
  const run: ReplayRun = {
    id,
    start,
    base,
    clock,
    feed,
    services: { ...base, clock, feed, dates },
    revealDates: dates.reveal,
    stop() {
      if (stopped) return;
      stopped = true;
      clock.pause();
      stopFollowing();
      unsubscribeUrl();
      if (currentReplay() === run) setCurrentReplay(undefined);
      writeUrl(undefined);
      // Now, and again once the replay's panels have unmounted (a last refetch may land after).
      removeSourceQueries(base.queryClient, feed.source);
      setTimeout(() => {
        removeSourceQueries(base.queryClient, feed.source);
      }, 0);
    },
  };
  setCurrentReplay(run);
  return run;
}

export function currentReplayRun(): ReplayRun | undefined {
  return currentReplay() as ReplayRun | undefined;
}

/** A random instant of the last year's weekdays, at least a day before `now`, on a whole minute. */
export function randomStart(now: number, random: () => number = Math.random): number {
  const DAY = 86_400_000;
  const span = 365 * DAY;
  let at = now - DAY - Math.floor(random() * (span - DAY));
  const weekday = new Date(at).getUTCDay();
  if (weekday === 0) at -= 2 * DAY;
  else if (weekday === 6) at -= DAY;
  return Math.floor(at / 60_000) * 60_000;
}

/** The replay a link names (`replay=`), on the link's symbol; none when the link names none or it runs already. */
export function startFromLink(services: AppServices, search: string = window.location.search): ReplayRun | undefined {
  const link = parseReplayParam(new URLSearchParams(search).get(REPLAY_PARAM));
  if (!link) {
    writeUrl(undefined);
    return undefined;
  }
  const { symbol, type } = useAppStore.getState().workspace;
  const running = currentReplayRun();
  if (running && running.start.symbol === symbol && running.start.start === link.start) return running;
  return startReplay(services, { ...link, symbol, type });
}
