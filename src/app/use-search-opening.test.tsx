// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaletteDraft } from '../features/search/palette-draft';
import { holdEarlyKeys, replayEarlyKeys, takeSearchDraft } from './boot/early-keys';
import { useSearchOpening, type SearchOpening } from './use-search-opening';
import { useShortcuts } from './use-shortcuts';

let opening: SearchOpening | undefined;

/** The app's part of it: the shortcuts, the opening, and the palette's stand-in once open. */
function Harness({ onOpen }: { onOpen: () => void }) {
  const search = useSearchOpening(onOpen);
  useEffect(() => {
    opening = search;
  });
  useShortcuts(search);
  return search.draft ? <PaletteDraft draft={search.draft} onClose={search.close} /> : null;
}

function press(key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  (document.activeElement ?? document.body).dispatchEvent(event);
  return event;
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Search symbols' });

afterEach(() => {
  cleanup();
  replayEarlyKeys();
  takeSearchDraft('');
  delete window.chartroomKeys;
  opening = undefined;
});

// Keys the browser dispatches after the request to open and before the render that shows the
// field (a task away, on a slow machine): they reach the page, whatever had focus.
describe('keys pressed while the search opens, before its field shows', () => {
  it('a ticker typed on the page: every key after the opening letter, and Enter, are in the field', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    const pressed: KeyboardEvent[] = [];
    act(() => {
      for (const key of ['t', 's', 'l', 'a', 'Enter']) pressed.push(press(key));
    });
    expect(field().value).toBe('tsla');
    expect(field()).toBe(document.activeElement);
    expect(opening?.draft?.read()).toEqual({ text: 'tsla', enter: true });
    // None reached the page as typing or a shortcut, and the search opened once.
    expect(pressed.every((event) => event.defaultPrevented)).toBe(true);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('after Ctrl+K pressed in another field: the keys are the search’s, not that field’s', () => {
    render(
      <>
        <input aria-label="Add symbol" />
        <Harness onOpen={vi.fn()} />
      </>,
    );
    const other = screen.getByRole<HTMLInputElement>('textbox', { name: 'Add symbol' });
    other.focus();
    act(() => {
      press('k', { ctrlKey: true });
      for (const key of ['0', '0', '7', 'x', 'Backspace', '0', '0']) press(key);
    });
    expect(field().value).toBe('00700');
    expect(opening?.draft?.read()).toEqual({ text: '00700', enter: false });
  });

  it('typed while the page loads: the boot’s draft goes on taking the keys that come after its replay', () => {
    holdEarlyKeys();
    for (const key of ['n', 'v']) press(key);
    render(<Harness onOpen={vi.fn()} />);
    act(() => {
      // The app listens: the boot replays the letter that opened the search…
      replayEarlyKeys();
      // …and the user goes on typing before the field is there.
      for (const key of ['d', 'a', 'Enter']) press(key);
    });
    expect(field().value).toBe('nvda');
    expect(opening?.draft?.read()).toEqual({ text: 'nvda', enter: true });
  });

  it('Escape closes it, as from its field; a letter after it opens a new search', () => {
    render(<Harness onOpen={vi.fn()} />);
    act(() => {
      for (const key of ['n', 'v', 'Escape']) press(key);
    });
    expect(screen.queryByRole('textbox', { name: 'Search symbols' })).toBeNull();
    act(() => {
      for (const key of ['x', 'y']) press(key);
    });
    expect(field().value).toBe('xy');
  });

  it('once the field shows, the keys are the field’s: the page types none into the draft', () => {
    render(<Harness onOpen={vi.fn()} />);
    act(() => {
      press('n');
    });
    // Focus leaves the field (a click on the page behind): a letter does not type into the draft
    // behind the field's back, and Ctrl+K keeps the open search.
    field().blur();
    act(() => {
      press('v');
      press('k', { ctrlKey: true });
    });
    expect(field().value).toBe('n');
    expect(opening?.draft?.read().text).toBe('n');
  });
});
