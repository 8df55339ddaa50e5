/** In-page frame timing shared by the bench pages. */

/** Resolves in the next animation frame with its timestamp (after callbacks registered earlier). */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Resolves once the next frame has been rendered: a task queued from a frame callback runs after that frame's paint. */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      setTimeout(resolve, 0);
    }),
  );
}

export interface FrameCost {
  /** From the call to the end of the frame that drew it (the callbacks registered before ours ran). */
  elapsed: number;
  /** Main-thread work only: the call itself plus the frame's callbacks, without the wait for vsync. */
  work: number;
  /** The call alone. */
  call: number;
}

/**
 * Runs `action` from an idle point right after a paint and measures it up to the frame it caused
 * (lightweight-charts draws in a requestAnimationFrame callback scheduled by the call, so that
 * callback runs between our two brackets).
 */
export async function measureFrame(action: () => void): Promise<FrameCost> {
  await afterPaint();
  let frameStart = 0;
  requestAnimationFrame(() => {
    frameStart = performance.now();
  });
  const called = performance.now();
  action();
  const returned = performance.now();
  const drawn = await new Promise<number>((resolve) =>
    requestAnimationFrame(() => {
      resolve(performance.now());
    }),
  );
  return { elapsed: drawn - called, work: returned - called + (drawn - frameStart), call: returned - called };
}

export interface WheelPanOptions {
  /** Horizontal wheel delta per frame (lightweight-charts scrolls 0.8 px per unit; negative: back in time). */
  deltaX: number;
  frames: number;
  /** The direction turns every this many frames (to stay inside the history); never by default. */
  turnEvery?: number;
  /** Stop early after this long (ms). */
  budgetMs?: number;
}

/**
 * One horizontal wheel event per animation frame on `target` (a chart's `.tv-lightweight-charts`
 * element); the intervals between the frames. Self-contained, so the bench driver can also hand it
 * to page.evaluate on the app's own page.
 */
export async function wheelPan(target: Element, { deltaX, frames, turnEvery = Infinity, budgetMs = Infinity }: WheelPanOptions): Promise<number[]> {
  const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
  const stopAt = performance.now() + budgetMs;
  const box = target.getBoundingClientRect();
  const intervals: number[] = [];
  let previous = await frame();
  for (let i = 0; i < frames && performance.now() < stopAt; i++) {
    const direction = Math.floor(i / turnEvery) % 2 === 0 ? 1 : -1;
    target.dispatchEvent(
      new WheelEvent('wheel', {
        deltaX: deltaX * direction,
        deltaMode: WheelEvent.DOM_DELTA_PIXEL,
        clientX: box.left + box.width / 2,
        clientY: box.top + box.height / 2,
        bubbles: true,
        cancelable: true,
      }),
    );
    const now = await frame();
    intervals.push(now - previous);
    previous = now;
  }
  return intervals;
}

interface FrameLog {
  times: number[];
  stopped: boolean;
}

/** Starts logging every animation frame's timestamp on the page (self-contained, for page.evaluate). */
export function startFrameLog(): void {
  const log: FrameLog = { times: [], stopped: false };
  (globalThis as { chartroomFrameLog?: FrameLog }).chartroomFrameLog = log;
  const tick = (time: number) => {
    if (log.stopped) return;
    log.times.push(time);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Stops the log startFrameLog began; the intervals between its frames (self-contained, for page.evaluate). */
export function stopFrameLog(): number[] {
  const log = (globalThis as { chartroomFrameLog?: FrameLog }).chartroomFrameLog;
  if (!log) return [];
  log.stopped = true;
  return log.times.slice(1).map((time, i) => time - (log.times[i] ?? time));
}
