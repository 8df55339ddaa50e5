// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n/load-language';
import { useAppStore } from '../../store/app-store';
import { AddToWatchlistButton } from './add-to-watchlist-button';

const initial = useAppStore.getState();

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(
    {
      ...initial,
      watchlists: [
        { id: 'a', name: 'Mine', symbols: ['AAPL.US'] },
        { id: 'b', name: 'Other', symbols: [] },
      ],
      activeWatchlistId: 'b',
    },
    true,
  );
});

afterEach(() => {
  cleanup();
});

describe('AddToWatchlistButton', () => {
  it('adds the symbol, normalised, to the active list, then says it is in the watchlist', () => {
    render(<AddToWatchlistButton symbol="00700.HK" />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to watchlist' }));
    expect(useAppStore.getState().watchlists.map((list) => list.symbols)).toEqual([['AAPL.US'], ['700.HK']]);
    const done = screen.getByRole<HTMLButtonElement>('button', { name: 'In watchlist' });
    expect(done.disabled).toBe(true);
    expect(done.title).toBe('700.HK is in Other');
  });

  it('follows the active list', () => {
    render(<AddToWatchlistButton symbol="AAPL.US" />);
    expect(screen.getByRole('button', { name: 'Add to watchlist' })).toBeTruthy();
    act(() => {
      useAppStore.getState().selectWatchlist('a');
    });
    expect(screen.getByRole('button', { name: 'In watchlist' })).toBeTruthy();
  });

  it('names a default list in the language in its tooltip (美股科技, not US tech)', async () => {
    await loadLanguage('zh-CN');
    try {
      useAppStore.setState({ watchlists: [{ id: 'us', name: 'US tech', symbols: ['AAPL.US'] }], activeWatchlistId: 'us' });
      const { rerender } = render(<AddToWatchlistButton symbol="AAPL.US" />);
      expect(screen.getByRole('button').getAttribute('title')).toBe('AAPL.US 已在 美股科技');
      rerender(<AddToWatchlistButton symbol="MSFT.US" />);
      expect(screen.getByRole('button').getAttribute('title')).toBe('将 MSFT.US 添加到 美股科技');
    } finally {
      await loadLanguage('en');
    }
  });

  it('creates a list when the user has deleted them all', () => {
    useAppStore.setState({ watchlists: [], activeWatchlistId: '' });
    render(<AddToWatchlistButton symbol="EURUSD" />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to watchlist' }));
    expect(useAppStore.getState().watchlists.map((list) => [list.name, list.symbols])).toEqual([['Watchlist', ['EURUSD']]]);
  });
});
