// @vitest-environment happy-dom
import { buttonInModal } from '../../lib/key-press.test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingShortcutOrder, SHORTCUT_ORDER_WAIT_MS, shortcutSide, takeShortcutOrder } from './paper-shortcut';

const key = (code: string, extra: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) => ({
  altKey: true,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  code,
  target,
  ...extra,
});

afterEach(() => {
  vi.useRealTimers();
  pendingShortcutOrder.set(undefined);
});

describe('the paper trading keys', () => {
  it('read Alt+B as buy and Alt+S as sell, nothing else, and not while typing in another field', () => {
    expect(shortcutSide(key('KeyB'))).toBe('buy');
    expect(shortcutSide(key('KeyS'))).toBe('sell');
    expect(shortcutSide(key('KeyB', { altKey: false }))).toBeUndefined();
    expect(shortcutSide(key('KeyB', { ctrlKey: true }))).toBeUndefined();
    expect(shortcutSide(key('KeyS', { shiftKey: true }))).toBeUndefined();
    expect(shortcutSide(key('KeyX'))).toBeUndefined();
    const search = document.createElement('input');
    document.body.append(search);
    expect(shortcutSide(key('KeyB', {}, search))).toBeUndefined();
    const ticket = document.createElement('form');
    ticket.dataset.testid = 'paper-ticket';
    const lots = document.createElement('input');
    ticket.append(lots);
    document.body.append(ticket);
    expect(shortcutSide(key('KeyB', {}, lots))).toBe('buy');
  });

  it('hand the ticket an order once, and none that waited too long for it', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    pendingShortcutOrder.set({ side: 'sell', at: Date.now() });
    expect(takeShortcutOrder()).toMatchObject({ side: 'sell' });
    expect(takeShortcutOrder()).toBeUndefined();

    pendingShortcutOrder.set({ side: 'buy', at: Date.now() });
    vi.advanceTimersByTime(SHORTCUT_ORDER_WAIT_MS + 1);
    expect(takeShortcutOrder()).toBeUndefined();
    expect(pendingShortcutOrder.get()).toBeUndefined();
  });
});

describe('shortcutSide in a modal dialog', () => {
  it('sends no order from a key pressed in a dialog', () => {
    const button = buttonInModal();
    expect(shortcutSide(key('KeyB', {}, button))).toBeUndefined();
    expect(shortcutSide(key('KeyB'))).toBe('buy');
  });
});
