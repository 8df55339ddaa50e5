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
