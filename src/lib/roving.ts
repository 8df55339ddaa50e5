/**
 * Roving focus (WAI-ARIA): a composite widget is one Tab stop, and keys move inside it. The
 * index a key moves to among `count` items (past either end: stops there, or with `wrap`, goes
 * round), or undefined when the key is not one of the widget's.
 */
export type RovingAxis = 'horizontal' | 'vertical';

export function nextRovingIndex(key: string, from: number, count: number, axis: RovingAxis, wrap = false): number | undefined {
  if (count === 0) return undefined;
  const back = axis === 'horizontal' ? 'ArrowLeft' : 'ArrowUp';
  const on = axis === 'horizontal' ? 'ArrowRight' : 'ArrowDown';
  switch (key) {
    case back:
      return wrap ? (from - 1 + count) % count : Math.max(0, from - 1);
    case on:
      return wrap ? (from + 1) % count : Math.min(count - 1, from + 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * A WAI-ARIA tab list with automatic activation: ←/→ (round) and Home/End select the neighbour
 * and move focus to its tab. Only the selected tab is in the Tab order (`tabIndex` 0, others -1),
 * so the whole list is one Tab stop however many tabs it holds.
 */
export function onTabListKey<T>(
  event: { key: string; currentTarget: Element; preventDefault: () => void },
  index: number,
  items: readonly T[],
  select: (item: T) => void,
): void {
  const nextIndex = nextRovingIndex(event.key, index, items.length, 'horizontal', true);
  const next = nextIndex === undefined ? undefined : items[nextIndex];
  if (nextIndex === undefined || next === undefined) return;
  event.preventDefault();
  select(next);
  const tabs = event.currentTarget.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]');
  tabs?.[nextIndex]?.focus();
}
