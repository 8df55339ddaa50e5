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
    expect(shortcutFor(key('k', { ctrlKey: true }), true)).toEqual({ kind: 'search', text: '' });
    expect(shortcutFor(key('K', { metaKey: true }), false)).toEqual({ kind: 'search', text: '' });
    expect(shortcutFor(key('/'), false)).toEqual({ kind: 'search', text: '' });
    expect(shortcutFor(key('/'), true)).toBeUndefined();
  });

  it('maps digits to intervals and Alt+digits to panels', () => {
    expect(shortcutFor(key('7'), false)).toEqual({ kind: 'interval', interval: '1d' });
    expect(shortcutFor(key('5'), true)).toBeUndefined();
    expect(shortcutFor(key('¡', { altKey: true, code: 'Digit1' }), false)).toEqual({ kind: 'tab', tab: 'chart' });
    expect(shortcutFor(key('5', { altKey: true, code: 'Digit5' }), false)).toEqual({ kind: 'tab', tab: 'hk' });
    expect(shortcutFor(key('9', { altKey: true, code: 'Digit9' }), false)).toBeUndefined();
  });

  it('opens search with a letter typed on the page, the letter in it; not in a field, a modal or with a modifier', () => {
    expect(shortcutFor(key('n'), false)).toEqual({ kind: 'search', text: 'n' });
    expect(shortcutFor(key('N', { shiftKey: true }), false)).toEqual({ kind: 'search', text: 'N' });
    expect(shortcutFor(key('n'), true)).toBeUndefined();
    expect(shortcutFor(key('n'), false, true)).toBeUndefined();
    expect(shortcutFor(key('n', { altKey: true, code: 'KeyN' }), false)).toBeUndefined();
    expect(shortcutFor(key('c', { ctrlKey: true }), false)).toBeUndefined();
    // Not a ticker's letter: keys named by a word, and non-Latin letters.
    expect(shortcutFor(key('Enter'), false)).toBeUndefined();
    expect(shortcutFor(key('é'), false)).toBeUndefined();
  });

  it('leaves a modal dialog’s keys to it: no interval, panel or search from inside one, but Ctrl+K', () => {
    expect(shortcutFor(key('7'), false)).toEqual({ kind: 'interval', interval: '1d' });
    expect(shortcutFor(key('7'), false, true)).toBeUndefined();
    expect(shortcutFor(key('5', { altKey: true, code: 'Digit5' }), false, true)).toBeUndefined();
    expect(shortcutFor(key('/'), false, true)).toBeUndefined();
    expect(shortcutFor(key('k', { ctrlKey: true }), false, true)).toEqual({ kind: 'search', text: '' });
  });
});

describe('Shift+F', () => {
  it('is the chart’s full screen, not a search for “F”; other capitals still open the search', () => {
    expect(shortcutFor({ key: 'F', shiftKey: true, ctrlKey: false, metaKey: false, altKey: false }, false)).toBeUndefined();
    expect(shortcutFor({ key: 'N', shiftKey: true, ctrlKey: false, metaKey: false, altKey: false }, false)).toEqual({ kind: 'search', text: 'N' });
    expect(shortcutFor({ key: 'f', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false }, false)).toEqual({ kind: 'search', text: 'f' });
  });
});
