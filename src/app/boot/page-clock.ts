/**
 * The data's clock the server stamped into index.html (`<meta name="chartroom-clock">`, see
 * server/page-clock.ts), noted before any request so the first K-line window is aligned to the
 * data's clock (the simulator's, which tests shift) rather than to the browser's.
 */
import { PAGE_CLOCK_META } from '#shared/protocol.ts';
import { wallClock } from '../../time/clock';
import type { ServerClock } from '../../time/server-clock';

/** The stamped clock in ms, or undefined when the page carries none (or a bad one). */
export function readPageClock(doc: ParentNode = document): number | undefined {
  const content = doc.querySelector(`meta[name="${PAGE_CLOCK_META}"]`)?.getAttribute('content');
  const value = content ? Number(content) : NaN;
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Notes the page's clock in `clock` against the browser's; true when there was one. */
export function applyPageClock(clock: Pick<ServerClock, 'note'>, doc: ParentNode = document, browserNow: number = wallClock.now()): boolean {
  const stamped = readPageClock(doc);
  if (stamped === undefined) return false;
  clock.note(stamped, browserNow);
  return true;
}
