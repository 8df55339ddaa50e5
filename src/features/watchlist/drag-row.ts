/**
 * Reordering a watchlist by dragging a row's grip, with a mouse, a pen or a finger (pointer
 * events, the pointer captured by the grip; the grip's `touch-action: none` keeps a finger from
 * scrolling the list instead). The row follows the pointer; where it is let go, it moves to, and
 * the list's order is saved. Escape or a cancelled pointer puts it back. Loaded on the first
 * pointer on a grip.
 */
import { useAppStore } from '../../store/app-store';

/**
 * The index a dragged row lands at: among the other rows (their vertical midpoints, in order,
 * the dragged one left out), before the first whose midpoint is below the pointer.
 */
export function dropIndex(otherMidpoints: readonly number[], pointerY: number): number {
  const below = otherMidpoints.findIndex((middle) => pointerY < middle);
  return below === -1 ? otherMidpoints.length : below;
}

interface DragStart {
  pointerId: number;
  clientY: number;
  grip: HTMLElement;
  listId: string;
  symbol: string;
}

export function startRowDrag({ pointerId, clientY, grip, listId, symbol }: DragStart): void {
  const row = grip.closest<HTMLElement>('li[data-symbol]');
  const list = row?.parentElement;
  if (!row || !list) return;
  // The grip captured the pointer as it went down (watchlist-row); lifted while this module
  // loaded, it has lost it: a click, not a drag.
  if (!grip.hasPointerCapture(pointerId)) return;
  const others = [...list.querySelectorAll<HTMLElement>(':scope > li[data-symbol]')].filter((other) => other !== row);
  const midpoints = others.map((other) => {
    const box = other.getBoundingClientRect();
    return box.top + box.height / 2;
  });
  let lastY = clientY;
  row.dataset.dragging = '';
  row.style.position = 'relative';
  row.style.zIndex = '10';

  const move = (event: PointerEvent) => {
    if (event.pointerId !== pointerId) return;
    lastY = event.clientY;
    row.style.translate = `0 ${String(lastY - clientY)}px`;
  };
  const end = (drop: boolean) => (event?: PointerEvent) => {
    grip.removeEventListener('pointermove', move);
    grip.removeEventListener('pointerup', onUp);
    grip.removeEventListener('pointercancel', onCancel);
    window.removeEventListener('keydown', onKey, true);
    delete row.dataset.dragging;
    // Emptied, not removed by name: a class-like word in the source would make Tailwind ship a utility.
    row.style.translate = '';
    row.style.position = '';
    row.style.zIndex = '';
    if (drop) useAppStore.getState().moveSymbol(listId, symbol, dropIndex(midpoints, event?.clientY ?? lastY));
  };
  const onUp = end(true);
  const onCancel = end(false);
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    grip.releasePointerCapture(pointerId);
    onCancel();
  };
  grip.addEventListener('pointermove', move);
  grip.addEventListener('pointerup', onUp);
  grip.addEventListener('pointercancel', onCancel);
  window.addEventListener('keydown', onKey, true);
}
