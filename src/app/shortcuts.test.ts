import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts';

const key = (k: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean; code: string }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...extra,
});

describe('shortcuts', () => {
  it('opens search with Ctrl+K, Cmd+K (even while typing) and / (not while typing)', () => {
    expect(shortcutFor(key('k', { ctrlKey: true }), true)).toEqual({ kind: 'search' });
    expect(shortcutFor(key('K', { metaKey: true }), false)).toEqual({ kind: 'search' });
    expect(shortcutFor(key('/'), false)).toEqual({ kind: 'search' });
    expect(shortcutFor(key('/'), true)).toBeUndefined();
  });

  it('maps digits to intervals and Alt+digits to panels', () => {
    expect(shortcutFor(key('7'), false)).toEqual({ kind: 'interval', interval: '1d' });
    expect(shortcutFor(key('5'), true)).toBeUndefined();
    expect(shortcutFor(key('¡', { altKey: true, code: 'Digit1' }), false)).toEqual({ kind: 'tab', tab: 'chart' });
    expect(shortcutFor(key('5', { altKey: true, code: 'Digit5' }), false)).toEqual({ kind: 'tab', tab: 'hk' });
    expect(shortcutFor(key('9', { altKey: true, code: 'Digit9' }), false)).toBeUndefined();
  });
});
