// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MINUS } from '../../lib/format';
import { useAppStore } from '../../store/app-store';
import { DEFAULT_WATCHLIST_VIEW, useWatchlistView } from '../../store/watchlist-view';
import { WatchlistPanel } from './watchlist-panel';
import { serveTickers, settleBatches, type Quote } from './watchlist-test-server';
import { TestServices } from '../../queries/query-test-support';
import { loadErrorTexts } from '../../components/ui/use-error-text';

// The words for failures, as the app has them once the panels beside the chart are in.
beforeAll(() => loadErrorTexts());

const initial = useAppStore.getState();

let client: QueryClient;

function showList(symbols: string[], quotes: Map<string, Quote>, outage?: { on: boolean }) {
  useAppStore.setState({
    watchlists: [
      { id: 'a', name: 'Mine', symbols },
      { id: 'b', name: 'Other', symbols: [] },
    ],
    activeWatchlistId: 'a',
  });
  const server = serveTickers(quotes, outage);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestServices client={client}>
      <WatchlistPanel />
    </TestServices>,
  );
  return server;
}

function rows(): HTMLElement[] {
  return screen.queryAllByTestId('watchlist-row');
}

function row(symbol: string): HTMLElement {
  const found = rows().find((element) => element.dataset.symbol === symbol);
  if (!found) throw new Error(`no row ${symbol}`);
  return found;
}

const lastOf = (symbol: string) => within(row(symbol)).getByTestId('watchlist-last').textContent;

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
});

afterEach(async () => {
  cleanup();
  await settleBatches();
  vi.unstubAllGlobals();
});

describe('WatchlistPanel rows', () => {
  it('shows each quote in its own precision, coloured by direction through the CSS properties', async () => {
    showList(
      ['700.HK', 'EURUSD'],
      new Map([
        ['700.HK', { last: '505', change: '-4.5', percent: '-0.88', bid: '504.5' }],
        ['EURUSD', { last: '1.07485', change: '0.00046', percent: '0.04' }],
      ]),
    );
    await waitFor(() => {
      expect(lastOf('EURUSD')).toBe('1.07485');
    });
    const tencent = within(row('700.HK'));
    // 505 with a bid of 504.5: one decimal, from the price strings of the symbol.
    expect(lastOf('700.HK')).toBe('505.0');
    expect(tencent.getByTestId('watchlist-change').textContent).toBe(`${MINUS}4.5 (${MINUS}0.88%)`);
    expect(tencent.getByTestId('watchlist-change').style.color).toBe('var(--color-down)');
    expect(within(row('EURUSD')).getByTestId('watchlist-change').style.color).toBe('var(--color-up)');
    expect(screen.getByRole('list', { name: 'Symbols in Mine' })).toBeTruthy();
  });

  it('fetches 60 symbols in requests of at most 50', async () => {
    const symbols = Array.from({ length: 60 }, (_, i) => `S${String(i).padStart(2, '0')}.US`);
    const server = showList(symbols, new Map(symbols.map((symbol) => [symbol, { last: '10.00', change: '0.10', percent: '1.01' }])));
    await waitFor(() => {
      expect(rows().every((element) => within(element).getByTestId('watchlist-last').textContent === '10.00')).toBe(true);
    });
    expect(rows()).toHaveLength(60);
    expect(server.requests.every((request) => request.length <= 50)).toBe(true);
    expect(new Set(server.requests.flat()).size).toBe(60);
    expect(server.requests.length).toBeLessThanOrEqual(3);
  });

  it('keeps an unknown symbol’s error in its own row', async () => {
    showList(
      ['AAPL.US', 'NOPE.US', 'MSFT.US'],
      new Map([
        ['AAPL.US', { last: '222.74', change: '0.53', percent: '0.24' }],
        ['MSFT.US', { last: '415.20', change: '-1.10', percent: '-0.26' }],
      ]),
    );
    await waitFor(() => {
      expect(within(row('NOPE.US')).queryByText('Symbol not found.')).not.toBeNull();
    });
    expect(lastOf('AAPL.US')).toBe('222.74');
    expect(lastOf('MSFT.US')).toBe('415.20');
    expect(screen.getAllByText('Symbol not found.')).toHaveLength(1);
  });

  it('shows an outage in the rows, keeps the panel, and recovers on the next poll', async () => {
    const outage = { on: true };
    showList(
      ['AAPL.US', 'MSFT.US'],
      new Map([
        ['AAPL.US', { last: '222.74', change: '0.53', percent: '0.24' }],
        ['MSFT.US', { last: '415.20', change: '-1.10', percent: '-0.26' }],
      ]),
      outage,
    );
    await waitFor(() => {
      expect(screen.getAllByText('The data source is unavailable right now.')).toHaveLength(2);
    });
    expect(screen.getByRole('combobox', { name: 'Add symbol' })).toBeTruthy();
    outage.on = false;
    await client.refetchQueries({ queryKey: ['api', 'tickers'] });
    await waitFor(() => {
      expect(lastOf('MSFT.US')).toBe('415.20');
    });
    expect(screen.queryByText('The data source is unavailable right now.')).toBeNull();
  });

  it('opens a row in the chart, and moves and removes rows', async () => {
    showList(['AAPL.US', 'MSFT.US', 'NVDA.US'], new Map());
    fireEvent.click(within(row('MSFT.US')).getAllByRole('button')[0] as HTMLElement);
    expect(useAppStore.getState().workspace.symbol).toBe('MSFT.US');
    await waitFor(() => {
      expect(within(row('MSFT.US')).getAllByRole('button')[0]?.getAttribute('aria-current')).toBe('true');
    });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move AAPL.US up' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move NVDA.US up' }));
    expect(rows().map((element) => element.dataset.symbol)).toEqual(['AAPL.US', 'NVDA.US', 'MSFT.US']);
    fireEvent.click(screen.getByRole('button', { name: 'Move AAPL.US down' }));
    expect(rows().map((element) => element.dataset.symbol)).toEqual(['NVDA.US', 'AAPL.US', 'MSFT.US']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove AAPL.US' }));
    expect(rows().map((element) => element.dataset.symbol)).toEqual(['NVDA.US', 'MSFT.US']);
    expect(useAppStore.getState().watchlists[0]?.symbols).toEqual(['NVDA.US', 'MSFT.US']);
  });

  it('is one Tab stop: arrows move between rows and into a row, Delete and Alt+arrows act on the focused row', async () => {
    showList(['AAPL.US', 'MSFT.US', 'NVDA.US'], new Map());
    const open = (symbol: string) => within(row(symbol)).getAllByRole('button')[0] as HTMLElement;
    const tabStops = () => [...screen.getByRole('list', { name: 'Symbols in Mine' }).querySelectorAll('button')].filter((button) => button.tabIndex === 0);
    // One stop: the open symbol's row when it is in the list, else the first.
    expect(tabStops()).toEqual([open('AAPL.US')]);
    expect(open('AAPL.US').getAttribute('aria-describedby')).toBeTruthy();

    open('AAPL.US').focus();
    fireEvent.keyDown(open('AAPL.US'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(open('MSFT.US'));
    expect(tabStops()).toEqual([open('MSFT.US')]);
    fireEvent.keyDown(open('MSFT.US'), { key: 'End' });
    expect(document.activeElement).toBe(open('NVDA.US'));
    fireEvent.keyDown(open('NVDA.US'), { key: 'Home' });
    expect(document.activeElement).toBe(open('AAPL.US'));

    // Into the row: its enabled buttons ("Move up" is disabled on the first row).
    fireEvent.keyDown(open('AAPL.US'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move AAPL.US down' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(open('AAPL.US'));

    // Alt+↓ moves the focused row, which keeps the focus.
    fireEvent.keyDown(open('AAPL.US'), { key: 'ArrowDown', altKey: true });
    expect(rows().map((element) => element.dataset.symbol)).toEqual(['MSFT.US', 'AAPL.US', 'NVDA.US']);
    await waitFor(() => {
      expect(document.activeElement).toBe(open('AAPL.US'));
    });

    // Delete removes it; focus goes to the next row.
    fireEvent.keyDown(open('AAPL.US'), { key: 'Delete' });
    expect(useAppStore.getState().watchlists[0]?.symbols).toEqual(['MSFT.US', 'NVDA.US']);
    await waitFor(() => {
      expect(document.activeElement).toBe(open('NVDA.US'));
    });
    expect(tabStops()).toEqual([open('NVDA.US')]);
  });

  it('keeps a key pressed at once after a move: focus is back on its control before the next key, and stays where that key put it', async () => {
    showList(['AAPL.US', 'MSFT.US', 'NVDA.US'], new Map());
    const open = (symbol: string) => within(row(symbol)).getAllByRole('button')[0] as HTMLElement;
    const up = screen.getByRole('button', { name: 'Move NVDA.US up' });
    up.focus();
    fireEvent.click(up);
    // No frame between the move and the next key: ← goes back to the row's open control.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move NVDA.US up' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(open('NVDA.US'));
    // And nothing a frame later takes focus back to the ↑ the move started from.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(rows().map((element) => element.dataset.symbol)).toEqual(['AAPL.US', 'NVDA.US', 'MSFT.US']);
    expect(document.activeElement).toBe(open('NVDA.US'));
  });
});

describe('WatchlistPanel arranged', () => {
  const quotes = new Map([
    ['AAPL.US', { last: '230', change: '2.3', percent: '1.01' }],
    ['MSFT.US', { last: '410', change: '-8.2', percent: '-1.96' }],
    ['NVDA.US', { last: '120', change: '3.6', percent: '3.09' }],
  ]);
  const order = () => rows().map((element) => element.dataset.symbol);

  beforeEach(() => {
    useWatchlistView.setState({ ...DEFAULT_WATCHLIST_VIEW });
  });

  it('sorts by a column header: descending, ascending, then the user’s order, marked with aria-sort', async () => {
    showList(['AAPL.US', 'MSFT.US', 'NVDA.US'], quotes);
    await waitFor(() => {
      expect(lastOf('MSFT.US')).toBe('410');
    });
    const header = await screen.findByRole('columnheader', { name: 'Change %' });
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(order()).toEqual(['NVDA.US', 'AAPL.US', 'MSFT.US']);
    // Sorted, the rows cannot be moved: the order is the sort's.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move AAPL.US up' }).disabled).toBe(true);
    expect(screen.queryAllByTestId('watchlist-grip')).toEqual([]);
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(order()).toEqual(['MSFT.US', 'AAPL.US', 'NVDA.US']);
    fireEvent.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(order()).toEqual(['AAPL.US', 'MSFT.US', 'NVDA.US']);
  });

  it('shows the chosen columns only', async () => {
    useWatchlistView.setState({ columns: ['percent', 'volume'] });
    showList(['AAPL.US'], quotes);
    await waitFor(() => {
      expect(within(row('AAPL.US')).getByTestId('watchlist-change-one').textContent).toBe('+1.01%');
    });
    expect(within(row('AAPL.US')).getByTestId('watchlist-last').hidden).toBe(true);
    expect(within(row('AAPL.US')).getByTestId('watchlist-volume')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Change %', 'Volume']);
  });

  it('offers Undo for a removed row: the button, or Ctrl+Z, puts it back at its place', async () => {
    showList(['AAPL.US', 'MSFT.US', 'NVDA.US'], new Map());
    fireEvent.click(screen.getByRole('button', { name: 'Remove MSFT.US' }));
    expect(order()).toEqual(['AAPL.US', 'NVDA.US']);
    const toast = await screen.findByTestId('watchlist-undo');
    expect(toast.textContent).toContain('Removed MSFT.US from Mine.');
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(order()).toEqual(['AAPL.US', 'MSFT.US', 'NVDA.US']);
    await waitFor(() => {
      expect(screen.queryByTestId('watchlist-undo')).toBeNull();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove AAPL.US' }));
    await screen.findByTestId('watchlist-undo');
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(order()).toEqual(['AAPL.US', 'MSFT.US', 'NVDA.US']);
  });
});
