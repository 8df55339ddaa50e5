/**
 * The geometry of a horizontally scrolling strip of tabs: which ends hide tabs, and where to
 * scroll so one tab is wholly in view (clear of the scroll buttons drawn over the ends).
 */

/** The box of the strip as the DOM gives it (an HTMLElement fits). */
export interface StripBox {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

/** The box of one tab inside the strip (its offsetParent). */
export interface TabBox {
  offsetLeft: number;
  offsetWidth: number;
}

/** Whether tabs lie beyond the start and beyond the end of the visible part (a pixel of rounding allowed). */
export function hiddenEnds({ scrollLeft, clientWidth, scrollWidth }: StripBox): { start: boolean; end: boolean } {
  return { start: scrollLeft > 1, end: scrollLeft + clientWidth < scrollWidth - 1 };
}

/**
 * The scrollLeft that shows `tab` whole with `margin` px to spare on either side, moving the
 * strip as little as possible; the current one when it is in view already.
 */
export function scrollToReveal(strip: StripBox, tab: TabBox, margin: number): number {
  const max = Math.max(0, strip.scrollWidth - strip.clientWidth);
  const first = tab.offsetLeft - margin;
  const last = tab.offsetLeft + tab.offsetWidth + margin - strip.clientWidth;
  const next = strip.scrollLeft > first ? first : strip.scrollLeft < last ? last : strip.scrollLeft;
  return Math.min(max, Math.max(0, next));
}
