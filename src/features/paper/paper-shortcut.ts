/**
 * Alt+B and Alt+S: buy or sell the order ticket's lots at market, from anywhere on the page. The
 * side column hears the keys (it opens the paper trading tab if another is shown) and leaves the
 * order here; the ticket, once shown, takes it and sends it. Not while typing in another field
 * (the ticket's own fields are fine).
 */
import type { OrderSide } from '#shared/paper/paper-model.ts';
import { isInModal, isTypingTarget } from '../../lib/key-press';
import { createCell } from '../../lib/observable';
import { wallClock } from '../../time/clock';

/** A market order asked for by the keys (`at`: when, wall clock ms), until the ticket takes it. A new object per press. */
export const pendingShortcutOrder = createCell<{ side: OrderSide; at: number } | undefined>(undefined);

/**
 * How long an order left by the keys waits for the ticket (its code loading): one taken later
 * would be a market order the trader no longer expects.
 */
export const SHORTCUT_ORDER_WAIT_MS = 10_000;

/** The side Alt+B or Alt+S asks for, or undefined when the key is not one of them (or typed into another field, or pressed in a modal dialog). */
export function shortcutSide(event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code' | 'target'>): OrderSide | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || (event.code !== 'KeyB' && event.code !== 'KeyS')) return undefined;
  const target = event.target;
  if (isInModal(target)) return undefined;
  if (isTypingTarget(target) && !(target instanceof HTMLElement && target.closest('[data-testid="paper-ticket"]'))) return undefined;
  return event.code === 'KeyB' ? 'buy' : 'sell';
}

/** Takes the order the keys left, if any and still fresh (the ticket calls it as it shows and as one comes). */
export function takeShortcutOrder(): { side: OrderSide } | undefined {
  const order = pendingShortcutOrder.get();
  if (!order) return undefined;
  pendingShortcutOrder.set(undefined);
  return wallClock.now() - order.at <= SHORTCUT_ORDER_WAIT_MS ? order : undefined;
}
