// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../store/app-store';
import { SearchPalette } from './search-palette';
import { CATALOG, outage, serveCatalog } from './search-test-server';
import { TestServices } from '../../queries/query-test-support';
import { loadErrorTexts } from '../../components/ui/use-error-text';

// The words for failures, as the app has them once the panels beside the chart are in.
beforeAll(() => loadErrorTexts());

const initial = useAppStore.getState();

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Open search
      </button>
      <SearchPalette
        open={open}
        onClose={() => {
          setOpen(false);
        }}
      />
    </>
  );
}

async function openPalette(waitForCatalogue = true) {
  render(
    <TestServices client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness />
    </TestServices>,
  );
  const trigger = screen.getByRole('button', { name: 'Open search' });
  trigger.focus();
  fireEvent.click(trigger);
  const dialog = screen.getByRole('dialog', { name: 'Search symbols' });
  if (waitForCatalogue) await within(dialog).findAllByTestId('search-option');
  return { trigger, dialog, input: within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Search symbols' }) };
}

const optionTexts = () =>
  within(screen.getByRole('listbox'))
    .queryAllByRole('option')
    .map((option) => option.dataset.symbol);
const activeOption = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');

function type(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState({ ...initial, watchlists: [{ id: 'a', name: 'Mine', symbols: ['MSFT.US'] }], activeWatchlistId: 'a' }, true);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchPalette', () => {
  it('is a modal dialog whose search box has focus, and Escape closes it and gives focus back', async () => {
    serveCatalog();
    const { trigger, dialog, input } = await openPalette();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps Tab inside the dialog and closes on a click outside it', async () => {
    serveCatalog();
    const { trigger, input } = await openPalette();
    const more = screen.getByRole('button', { name: 'Show more' });
    more.focus();
    fireEvent.keyDown(more, { key: 'Tab' });
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(more);
    fireEvent.click(screen.getByTestId('search-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('searches the whole catalogue: 00700.hk selects 700.HK, and Enter opens it with its type', async () => {
    serveCatalog();
    const { input } = await openPalette();
    type(input, '00700.hk');
    expect(optionTexts()).toEqual(['700.HK']);
    expect(activeOption(input)?.textContent).toContain('腾讯控股');
    expect(activeOption(input)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useAppStore.getState().workspace).toMatchObject({ symbol: '700.HK', type: 'stock' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens with Enter the best match of what the box holds, when its list is still an earlier text’s', async () => {
    serveCatalog();
    const { input } = await openPalette();
    type(input, '0070');
    // Keys the page has put in the box, not yet rendered (a busy machine): no change event yet.
    input.value = '00700.HK';
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useAppStore.getState().workspace.symbol).toBe('700.HK');
  });

  it.each([
    ['nvda', 'NVDA.US'],
    ['Tencent', '700.HK'],
    ['tengxun', '700.HK'],
    ['gzmt', '600519.SH'],
    ['ETH', 'ETHUSDT'],
    ['company 150', '150.HK'],
  ])('opens the best match of %s with Enter', async (query, symbol) => {
    serveCatalog();
    const { input } = await openPalette();
    type(input, query);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useAppStore.getState().workspace.symbol).toBe(symbol);
  });

  it('ranks ETHUSDT alone for ETH (no match inside “Tether”), and wraps around with the arrow keys', async () => {
    serveCatalog();
    const { input } = await openPalette();
    type(input, 'ETH');
    expect(optionTexts()).toEqual(['ETHUSDT', 'ETH']);
    type(input, 'bitcoin');
    // The closer (shorter) name first; BTCUSD once, crypto and forex.
    expect(optionTexts()).toEqual(['BTCUSDT', 'BTCUSD', 'BITCOIN']);
    expect(activeOption(input)?.dataset.symbol).toBe('BTCUSDT');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(activeOption(input)?.textContent).toMatch(/^Open BITCOIN/);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.dataset.symbol).toBe('BTCUSDT');
    expect(screen.getByTestId('search-count').textContent).toBe('3 matches in 160 instruments');
  });

  it('adds to the active watchlist with Shift+Enter or the option’s button, and stays open', async () => {
    serveCatalog();
    const { input } = await openPalette();
    type(input, 'aapl');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(useAppStore.getState().watchlists[0]?.symbols).toEqual(['MSFT.US', 'AAPL.US']);
    expect(screen.getByRole('status').textContent).toBe('Added AAPL.US to Mine.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    type(input, 'eurusd');
    fireEvent.click(screen.getByRole('button', { name: 'Add EURUSD to watchlist' }));
    expect(useAppStore.getState().watchlists[0]?.symbols).toEqual(['MSFT.US', 'AAPL.US', 'EURUSD']);
    expect(screen.getByRole('button', { name: 'EURUSD is in the watchlist' })).toBeTruthy();
    expect(useAppStore.getState().workspace.symbol).toBe('AAPL.US'); // nothing was opened
  });

  it('never adds a typed symbol the catalogue does not know', async () => {
    serveCatalog();
    const { input } = await openPalette();
    type(input, 'zzzz.us');
    expect(screen.queryByRole('button', { name: /Add ZZZZ\.US/ })).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(screen.getByRole('status').textContent).toBe('ZZZZ.US is not in the catalogue: not added.');
    expect(useAppStore.getState().watchlists[0]?.symbols).toEqual(['MSFT.US']);
  });

  it('filters by market and type in the browser and shows more on demand', async () => {
    const server = serveCatalog();
    const { input } = await openPalette();
    fireEvent.change(screen.getByRole('combobox', { name: 'Market' }), { target: { value: 'HK' } });
    expect(optionTexts()[0]).toBe('700.HK');
    expect(optionTexts()).toHaveLength(50);
    expect(screen.getByTestId('search-count').textContent).toBe('151 of 160 instruments');
    type(input, 'company');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(optionTexts().filter((symbol) => symbol !== 'COMPANY')).toHaveLength(100);
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'forex' } });
    expect(optionTexts()).toEqual(['COMPANY']);
    // One request: the catalogue; no product list paging.
    expect(server.paths()).toEqual(['/chartroom/catalog']);
  });

  it('asks which type an ambiguous symbol is, remembers the answer, and opens with it next time without asking the service', async () => {
    const server = serveCatalog();
    const first = await openPalette();
    type(first.input, 'btcusd');
    fireEvent.keyDown(first.input, { key: 'Enter' });
    const question = await screen.findByRole('group', { name: 'Which BTCUSD do you mean?' });
    expect(
      within(question)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['crypto', 'forex', 'Cancel']);
    expect(document.activeElement?.textContent).toBe('crypto');
    fireEvent.click(within(question).getByRole('button', { name: 'forex' }));
    expect(useAppStore.getState().workspace).toMatchObject({ symbol: 'BTCUSD', type: 'forex' });
    expect(useAppStore.getState().symbolTypes.BTCUSD).toBe('forex');
    expect(screen.queryByRole('dialog')).toBeNull();

    cleanup();
    useAppStore.getState().openSymbol('AAPL.US');
    const second = await openPalette();
    type(second.input, 'BTCUSD');
    fireEvent.keyDown(second.input, { key: 'Enter' });
    expect(useAppStore.getState().workspace).toMatchObject({ symbol: 'BTCUSD', type: 'forex' });
    expect(server.paths().filter((path) => path.startsWith('/v1/market/ticker'))).toEqual([]);
  });

  it('asks which type before adding an ambiguous symbol to the watchlist', async () => {
    serveCatalog();
    const { input } = await openPalette();
    type(input, 'btcusd');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    const question = await screen.findByRole('group', { name: 'Which BTCUSD do you mean?' });
    fireEvent.click(within(question).getByRole('button', { name: 'crypto' }));
    expect(useAppStore.getState().watchlists[0]?.symbols).toEqual(['MSFT.US', 'BTCUSD']);
    expect(useAppStore.getState().symbolTypes.BTCUSD).toBe('crypto');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('takes BTCUSD picked for a name or a part (bitcoin, btc) as the crypto pair without asking, and keeps that reading', async () => {
    serveCatalog();
    const { input } = await openPalette();
    type(input, 'btc');
    fireEvent.click(screen.getByRole('button', { name: 'Add BTCUSD to watchlist' }));
    expect(screen.queryByRole('group', { name: 'Which BTCUSD do you mean?' })).toBeNull();
    expect(useAppStore.getState().watchlists[0]?.symbols).toEqual(['MSFT.US', 'BTCUSD']);
    expect(useAppStore.getState().symbolTypes.BTCUSD).toBe('crypto');

    useAppStore.setState({ symbolTypes: {} });
    type(input, 'bitcoin');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.dataset.symbol).toBe('BTCUSD');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.queryByRole('group', { name: 'Which BTCUSD do you mean?' })).toBeNull();
    expect(useAppStore.getState().workspace).toMatchObject({ symbol: 'BTCUSD', type: 'crypto' });
    expect(useAppStore.getState().symbolTypes.BTCUSD).toBe('crypto');
  });

  it('opens a typed symbol the catalogue lacks only when chosen, after the service knows it; keeps an unknown one with its error', async () => {
    serveCatalog(CATALOG, (url) => (url.pathname === '/v1/market/ticker' && url.searchParams.get('symbols') === 'NEW.US' ? tickerAnswer('NEW.US') : undefined));
    const { input } = await openPalette();
    type(input, 'nope.us');
    fireEvent.keyDown(input, { key: 'Enter' });
    // Not the default: Enter alone opens nothing.
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText(/Nothing in the catalogue matches “nope\.us”\. Press ↓ to open it as typed\./)).toBeTruthy();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('NOPE.US is not a known symbol.');
    type(input, 'new.us');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(useAppStore.getState().workspace.symbol).toBe('NEW.US');
  });

  it('shows the typed symbol while the catalogue loads, and opens the best match once it arrives when Enter came first', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    serveCatalog(CATALOG, undefined, held);
    const { input } = await openPalette(false);
    expect(screen.getByTestId('catalog-loading').textContent).toBe('Loading the symbol catalogue…');
    type(input, 'nvda');
    expect(optionTexts()).toEqual(['NVDA']);
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('catalog-loading').textContent).toContain('Enter opens the best match when it arrives.');
    expect(useAppStore.getState().workspace.symbol).not.toBe('NVDA.US');
    release();
    await waitFor(() => {
      expect(useAppStore.getState().workspace).toMatchObject({ symbol: 'NVDA.US', type: 'stock' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a catalogue that failed to load with a retry that recovers; the typed symbol stays usable', async () => {
    let down = true;
    serveCatalog(undefined, (url) => (down && url.pathname === '/chartroom/catalog' ? outage() : undefined));
    render(
      <TestServices client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SearchPalette open onClose={() => undefined} />
      </TestServices>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('The data source is unavailable right now.');
    type(screen.getByRole('combobox', { name: 'Search symbols' }), 'nvda');
    expect(optionTexts()).toEqual(['NVDA']);
    expect(activeOption(screen.getByRole('combobox', { name: 'Search symbols' }))?.textContent).toMatch(/^Open NVDA/);
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(optionTexts()).toEqual(['NVDA.US']);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

function tickerAnswer(symbol: string): Response {
  return new Response(
    JSON.stringify({ code: 0, message: 'success', data: [{ symbol, name: symbol, type: 'stock', last_price: '1.00', timestamp: 1795573800000 }] }),
    {
      headers: { 'Content-Type': 'application/json' },
    },
  );
}
