// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_KEYS_SCRIPT } from '#shared/early-keys-script.ts';
import { holdEarlyKeys, replayEarlyKeys, takeSearchDraft } from './early-keys';

function press(key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  window.dispatchEvent(event);
  return event;
}

describe('keys pressed before the app listens', () => {
  const seen: string[] = [];
  const listen = (event: KeyboardEvent) => seen.push(`${event.altKey ? 'Alt+' : ''}${event.key}`);
  afterEach(() => {
    replayEarlyKeys();
    takeSearchDraft('');
    window.removeEventListener('keydown', listen);
    seen.length = 0;
    delete window.chartroomKeys;
  });

  it('holds the shortcuts (their default prevented), lets other keys be, and replays the shortcuts in order', () => {
    holdEarlyKeys();
    expect(press('7').defaultPrevented).toBe(true);
    expect(press('=').defaultPrevented).toBe(false);
    expect(press('2', { altKey: true, code: 'Digit2' }).defaultPrevented).toBe(true);
    expect(press('/').defaultPrevented).toBe(true);

    window.addEventListener('keydown', listen);
    replayEarlyKeys();
    expect(seen).toEqual(['7', 'Alt+2', '/']);
  });

  it('holds the chart view keys too, and after Alt+G every key (the date typed for its dialog), replayed in order', () => {
    holdEarlyKeys();
    expect(press('End').defaultPrevented).toBe(true);
    expect(press('g', { altKey: true, code: 'KeyG' }).defaultPrevented).toBe(true);
    for (const key of ['2', '0', '-', 'Enter']) expect(press(key).defaultPrevented).toBe(true);
    window.addEventListener('keydown', listen);
    replayEarlyKeys();
    expect(seen).toEqual(['End', 'Alt+g', '2', '0', '-', 'Enter']);
  });

  it('stops holding once replayed: later keys reach the app once, as pressed', () => {
    holdEarlyKeys();
    replayEarlyKeys();
    window.addEventListener('keydown', listen);
    expect(press('7').defaultPrevented).toBe(false);
    replayEarlyKeys();
    expect(seen).toEqual(['7']);
  });

  it('keeps what is typed after a held search shortcut as the search draft, Backspace and Enter included', () => {
    holdEarlyKeys();
    press('k', { ctrlKey: true });
    // Interval keys typed after it are text for the search, not intervals.
    for (const key of ['t', '5', 'x', 'Backspace', 'l', 'a']) expect(press(key).defaultPrevented).toBe(true);
    press('Enter');
    window.addEventListener('keydown', listen);
    replayEarlyKeys();
    expect(seen).toEqual(['k']);
    expect(takeSearchDraft('').read()).toEqual({ text: 't5la', enter: true });
    // Taken once.
    expect(takeSearchDraft('').read()).toEqual({ text: '', enter: false });
  });

  it('keeps a ticker typed on the page as the search draft, from its first letter (held to open the search)', () => {
    holdEarlyKeys();
    for (const key of ['n', 'v', 'd', 'a', 'Enter']) expect(press(key).defaultPrevented).toBe(true);
    window.addEventListener('keydown', listen);
    replayEarlyKeys();
    expect(seen).toEqual(['n']);
    expect(takeSearchDraft('').read()).toEqual({ text: 'nvda', enter: true });
  });

  it('takes over, in order, what the page’s inline holder held before this script ran, and stops that holder', () => {
    // The page's own inline script, run as index.html runs it.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const runInlineScript = new Function(EARLY_KEYS_SCRIPT) as () => void;
    runInlineScript();
    expect(press('n').defaultPrevented).toBe(true);
    expect(press('v').defaultPrevented).toBe(true);
    // The browser's own keys stay the browser's (reload, Tab).
    expect(press('r', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(press('Tab').defaultPrevented).toBe(false);
    holdEarlyKeys();
    for (const key of ['d', 'a', 'Enter']) press(key);
    expect(window.chartroomKeys).toHaveLength(0);
    window.addEventListener('keydown', listen);
    replayEarlyKeys();
    expect(seen).toEqual(['n']);
    expect(takeSearchDraft('').read()).toEqual({ text: 'nvda', enter: true });
  });

  it('hands on an Escape the inline holder held: the search it ends is dropped there too', () => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const runInlineScript = new Function(EARLY_KEYS_SCRIPT) as () => void;
    runInlineScript();
    for (const key of ['x', 'q', 'Escape', 't']) expect(press(key).defaultPrevented).toBe(true);
    holdEarlyKeys();
    for (const key of ['s', 'l', 'a']) press(key);
    window.addEventListener('keydown', listen);
    replayEarlyKeys();
    expect(seen).toEqual(['t']);
    expect(takeSearchDraft('').read()).toEqual({ text: 'tsla', enter: false });
  });

  it('takes Escape after a held search shortcut as no search: neither the draft nor the key that opened it is handed on', () => {
    holdEarlyKeys();
    for (const key of ['7', 'n', 'v', 'Escape']) expect(press(key).defaultPrevented).toBe(true);
    press('2');
    window.addEventListener('keydown', listen);
    replayEarlyKeys();
    expect(seen).toEqual(['7', '2']);
    expect(takeSearchDraft('').read()).toEqual({ text: '', enter: false });
  });

  it('keeps no draft without a search shortcut', () => {
    holdEarlyKeys();
    press('7');
    press('=');
    replayEarlyKeys();
    expect(takeSearchDraft('').read()).toEqual({ text: '', enter: false });
  });
});
