/**
 * A brief background pulse on an element when the price it shows changes: the `flash-up` /
 * `flash-down` classes of index.css are toggled on the element directly, so no state changes
 * and nothing else re-renders. The first value, and a value that comes back unchanged, do not flash.
 */
export const FLASH_MS = 600;
const CLASSES = ['flash-up', 'flash-down'] as const;
const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

/**
 * The same class again would not replay its animation: rewind the running one. (No forced layout:
 * with hundreds of rows ticking, a reflow per flash costs more than everything else.)
 */
function replay(target: HTMLElement, name: string): void {
  if (typeof target.getAnimations === 'function') {
    for (const animation of target.getAnimations()) animation.currentTime = 0;
    return;
  }
  target.classList.remove(name);
  target.getBoundingClientRect(); // without Web Animations, a reflow restarts it
  target.classList.add(name);
}

/** Pulses `target` up or down when the price moved from `before` to `after`. */
export function flashPrice(target: HTMLElement, before: string | undefined, after: string | undefined): void {
  if (before === undefined || after === undefined || before === after) return;
  const name = Number(after) >= Number(before) ? 'flash-up' : 'flash-down';
  if (target.classList.contains(name)) replay(target, name);
  else {
    target.classList.remove(...CLASSES);
    target.classList.add(name);
  }
  clearTimeout(timers.get(target));
  // The class stays until the pulse is over, so that a quick next change replays it instead of
  // being removed and re-added unseen.
  timers.set(
    target,
    setTimeout(() => {
      target.classList.remove(name);
    }, FLASH_MS),
  );
}
