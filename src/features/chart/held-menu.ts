/**
 * A right-click on the chart before its view tools are there (chart-view-tools, loaded after the
 * first candle) would be lost to the browser's own menu: it is held here, and the tools open their
 * menu where it was once they mount. A press older than a few seconds opens nothing then.
 */
import type { MouseEvent } from 'react';

export interface HeldMenu {
  /** The chart box's handler: React's runs after the tools' own listener, which takes the press. */
  hold: (event: MouseEvent) => void;
  /** Where the held press was, while it is fresh (a render may read it: it changes nothing). */
  peek: () => HeldPress | undefined;
  /** The tools listen themselves: a later mount opens nothing. */
  forget: () => void;
}

/** Where the press was (the page's pixels), and when (performance.now()). */
interface HeldPress {
  x: number;
  y: number;
  at: number;
}

export function createHeldMenu(): HeldMenu {
  let press: HeldPress | undefined;
  return {
    hold: (event) => {
      // Taken by the tools already, or not on the chart's canvases (its legend, its status).
      if (event.defaultPrevented || !(event.target instanceof HTMLCanvasElement)) return;
      event.preventDefault();
      press = { x: event.clientX, y: event.clientY, at: performance.now() };
    },
    peek: () => (press && performance.now() - press.at < 3000 ? press : undefined),
    forget: () => {
      press = undefined;
    },
  };
}
