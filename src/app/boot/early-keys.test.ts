// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyKeys, replayEarlyKeys } from './early-keys';

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
    window.removeEventListener('keydown', listen);
    seen.length = 0;
  });

  it('holds the shortcuts (their default prevented), lets other keys be, and replays the shortcuts in order', () => {
    holdEarlyKeys();
    expect(press('7').defaultPrevented).toBe(true);
    expect(press('x').defaultPrevented).toBe(false);
    expect(press('2', { altKey: true, code: 'Digit2' }).defaultPrevented).toBe(true);
    expect(press('/').defaultPrevented).toBe(true);

    window.addEventListener('keydown', listen);
    replayEarlyKeys();
    expect(seen).toEqual(['7', 'Alt+2', '/']);
  });

  it('stops holding once replayed: later keys reach the app once, as pressed', () => {
    holdEarlyKeys();
    replayEarlyKeys();
    window.addEventListener('keydown', listen);
    expect(press('7').defaultPrevented).toBe(false);
    replayEarlyKeys();
    expect(seen).toEqual(['7']);
  });
});
