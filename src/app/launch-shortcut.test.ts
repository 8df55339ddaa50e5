// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../store/app-store';
import { launchActionOf, withoutOpen } from './launch-shortcut';
import { useLaunchShortcut } from './use-launch-shortcut';
import { parseWorkspace } from './url-state';

/** A window `wide` enough for the side columns (lg), or a phone's. */
function screenOf(wide: boolean): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string) => ({ matches: wide, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
  );
}

/** Mounts the hook, as the app does, on a page opened at `url`; resolves once its chunk has run. */
async function launch(url: string) {
  window.history.replaceState(null, '', url);
  const openSearch = vi.fn<() => void>();
  const showScreen = vi.fn<(screen: string) => void>();
  renderHook(
    () => {
      useLaunchShortcut(openSearch, showScreen);
    },
    { wrapper: StrictMode },
  );
  // The shortcut's code is imported on demand: its work is done once `open` has left the URL.
  await vi.waitFor(() => {
    expect(window.location.search).not.toContain('open=');
  });
  return { openSearch, showScreen };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('launchActionOf', () => {
  it('reads the actions of the manifest’s shortcuts, and nothing else', () => {
    expect(launchActionOf('?open=search')).toBe('search');
    expect(launchActionOf('?symbol=AAPL.US&open=watchlist')).toBe('watchlist');
    expect(launchActionOf('?open=markets')).toBeUndefined();
    expect(launchActionOf('?open=')).toBeUndefined();
    expect(launchActionOf('?symbol=AAPL.US')).toBeUndefined();
    expect(launchActionOf('')).toBeUndefined();
  });

  it('is no bad value of the link: the workspace reads past it', () => {
    expect(parseWorkspace('?symbol=AAPL.US&open=search').problems).toEqual([]);
  });
});

describe('withoutOpen', () => {
  it('drops `open` and keeps every other parameter as it was written', () => {
    expect(withoutOpen('?open=search')).toBe('');
    expect(withoutOpen('?symbol=AAPL.US&open=search&interval=1d')).toBe('?symbol=AAPL.US&interval=1d');
    expect(withoutOpen('?open=search&layout=2&charts=AAPL.US~1d~none,700.HK~1h~none&sync=crosshair')).toBe(
      '?layout=2&charts=AAPL.US~1d~none,700.HK~1h~none&sync=crosshair',
    );
    expect(withoutOpen('?opened=1&open=a&open=b')).toBe('?opened=1');
    expect(withoutOpen('?symbol=AAPL.US')).toBe('?symbol=AAPL.US');
    expect(withoutOpen('')).toBe('');
  });
});

describe('useLaunchShortcut', () => {
  it('opens the search once (StrictMode runs effects twice) and takes `open` out of the URL', async () => {
    screenOf(true);
    const { openSearch, showScreen } = await launch('/?open=search&symbol=AAPL.US#x');
    expect(openSearch).toHaveBeenCalledTimes(1);
    expect(showScreen).not.toHaveBeenCalled();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/?symbol=AAPL.US#x');
  });

  it('on a phone shows the watchlist screen', async () => {
    screenOf(false);
    const { openSearch, showScreen } = await launch('/?open=watchlist');
    expect(showScreen).toHaveBeenCalledTimes(1);
    expect(showScreen).toHaveBeenCalledWith('watchlist');
    expect(openSearch).not.toHaveBeenCalled();
    expect(window.location.search).toBe('');
  });

  it('on a wide screen unfolds a folded watchlist column', async () => {
    screenOf(true);
    useAppStore.getState().setCollapsed('watchlists', true);
    const { showScreen } = await launch('/?open=watchlist');
    expect(useAppStore.getState().preferences.collapsed.watchlists).toBe(false);
    expect(showScreen).not.toHaveBeenCalled();
  });

  it('ignores an unknown action, whose parameter leaves the URL all the same', async () => {
    screenOf(false);
    const { openSearch, showScreen } = await launch('/?symbol=AAPL.US&open=markets');
    expect(openSearch).not.toHaveBeenCalled();
    expect(showScreen).not.toHaveBeenCalled();
    expect(window.location.search).toBe('?symbol=AAPL.US');
  });

  it('without `open` leaves the URL alone', () => {
    screenOf(false);
    window.history.replaceState(null, '', '/?symbol=AAPL.US');
    const replace = vi.spyOn(window.history, 'replaceState');
    renderHook(() => {
      useLaunchShortcut(vi.fn(), vi.fn());
    });
    expect(replace).not.toHaveBeenCalled();
    replace.mockRestore();
  });
});
