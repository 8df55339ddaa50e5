// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../store/app-store';
import { SearchPalette } from './search-palette';
import { outage, serveCatalog } from './search-test-server';
import { TestServices } from '../../queries/query-test-support';

const initial = useAppStore.getState();

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => { setOpen(true); }}>
        Open search
      </button>
      <SearchPalette open={open} onClose={() => { setOpen(false); }} />
    </>
  );
}

async function openPalette() {
  render(
    <TestServices client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness />
    </TestServices>,
  );
  const trigger = screen.getByRole('button', { name: 'Open search' });
  trigger.focus();
  fireEvent.click(trigger);
  const dialog = screen.getByRole('dialog', { name: 'Search symbols' });
  await within(dialog).findAllByTestId('search-option');
  return { trigger, dialog, input: within(dialog).getByRole<HTMLInputElement>('combobox', { name: 'Search symbols' }) };
}

const optionTexts = () => within(screen.getByRole('listbox')).queryAllByRole('option').map((option) => option.dataset.symbol);
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
    const more = screen.getByRole('button', { name: 'More results' });
    more.focus();
    fireEvent.keyDown(more, { key: 'Tab' });
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(more);
    fireEvent.click(screen.getByTestId('search-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('finds 700.HK from 00700.hk and opens the active option with Enter', async () => {
    serveCatalog();
    const { input } = await openPalette();
    type(input, '00700.hk');
    expect(optionTexts()).toEqual(['700.HK', '700.HK']);
    expect(activeOption(input)?.textContent).toMatch(/^Open 700\.HK/);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)?.textContent).toContain('腾讯控股');
    expect(activeOption(input)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useAppStore.getState().workspace).toMatchObject({ symbol: '700.HK', type: 'stock' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('filters by name, and wraps around with the arrow keys', async () => {
    serveCatalog();
    const { input } = await openPalette();
    type(input, 'micro');
    expect(optionTexts()).toEqual(['MICRO', 'MSFT.US']); // a bare code could be a symbol: direct entry first
    type(input, 'bitcoin');
    expect(optionTexts()).toEqual(['BITCOIN', 'BTCUSD', 'BTCUSD']);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(activeOption(input)?.textContent).toContain('CFD');
  });

  it('adds to the active watchlist with Shift+Enter or the option’s button, and stays open', async () => {
    serveCatalog();
    const { input } = await openPalette();
    type(input, 'aapl');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(useAppStore.getState().watchlists[0]?.symbols).toEqual(['MSFT.US', 'AAPL.US']);
    expect(screen.getByRole('status').textContent).toBe('Added AAPL.US to Mine.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    type(input, 'eurusd');
    fireEvent.click(screen.getAllByRole('button', { name: 'Add EURUSD to watchlist' })[1] as HTMLElement);
    expect(useAppStore.getState().watchlists[0]?.symbols).toEqual(['MSFT.US', 'AAPL.US', 'EURUSD']);
    expect(screen.getAllByRole('button', { name: 'EURUSD is in the watchlist' })).toHaveLength(2);
    expect(useAppStore.getState().workspace.symbol).toBe('AAPL.US'); // nothing was opened
  });

  it('filters by market on the service and loads the next page with "More results"', async () => {
    const server = serveCatalog();
    const { input } = await openPalette();
    fireEvent.change(screen.getByRole('combobox', { name: 'Market' }), { target: { value: 'HK' } });
    await waitFor(() => {
      expect(optionTexts()[0]).toBe('700.HK');
    });
    expect(server.paths()).toContain('/v1/symbols/available?market=HK&limit=100&offset=0');
    expect(screen.getByText('100 of 151 loaded')).toBeTruthy();
    type(input, 'company 150');
    expect(optionTexts()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'More results' }));
    await waitFor(() => {
      expect(optionTexts()).toEqual(['150.HK']);
    });
    expect(server.paths()).toContain('/v1/symbols/available?market=HK&limit=100&offset=100');
    expect(screen.getByText('1 match · 151 of 151 loaded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More results' })).toBeNull();
  });

  it('asks which type an ambiguous symbol is, remembers the answer, and opens with it next time', async () => {
    const server = serveCatalog();
    const first = await openPalette();
    type(first.input, 'btcusd');
    fireEvent.keyDown(first.input, { key: 'Enter' });
    const question = await screen.findByRole('group', { name: 'Which BTCUSD do you mean?' });
    expect(within(question).getAllByRole('button').map((button) => button.textContent)).toEqual(['crypto', 'forex', 'Cancel']);
    expect(document.activeElement?.textContent).toBe('crypto');
    fireEvent.click(within(question).getByRole('button', { name: 'forex' }));
    expect(useAppStore.getState().workspace).toMatchObject({ symbol: 'BTCUSD', type: 'forex' });
    expect(useAppStore.getState().symbolTypes.BTCUSD).toBe('forex');
    expect(screen.queryByRole('dialog')).toBeNull();

    const probes = server.paths().filter((path) => path.startsWith('/v1/market/ticker')).length;
    cleanup();
    useAppStore.getState().openSymbol('AAPL.US');
    const second = await openPalette();
    type(second.input, 'BTCUSD');
    fireEvent.keyDown(second.input, { key: 'Enter' });
    expect(useAppStore.getState().workspace).toMatchObject({ symbol: 'BTCUSD', type: 'forex' });
    expect(server.paths().filter((path) => path.startsWith('/v1/market/ticker'))).toHaveLength(probes);
  });

  it('opens a typed symbol that is not loaded after the service knows it, and keeps an unknown one with its error', async () => {
    serveCatalog([...CATALOG_WITH_NVDA]);
    const { input } = await openPalette();
    type(input, 'nope.us');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('NOPE.US is not a known symbol.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    type(input, 'nvda.us');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(useAppStore.getState().workspace.symbol).toBe('NVDA.US');
    expect(useAppStore.getState().workspace.type).toBeUndefined();
  });

  it('opens a product with its type', async () => {
    serveCatalog();
    const { input } = await openPalette();
    type(input, 'apple');
    expect(optionTexts()).toEqual(['APPLE', 'AAPL.US']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useAppStore.getState().workspace).toMatchObject({ symbol: 'AAPL.US', type: 'stock' });
  });

  it('shows a failed symbol list with a retry that recovers', async () => {
    let down = true;
    serveCatalog(undefined, (url) => (down && url.pathname === '/v1/symbols/available' ? outage() : undefined));
    render(
      <TestServices client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SearchPalette open onClose={() => undefined} />
      </TestServices>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('The data source is unavailable right now.');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(optionTexts()).toHaveLength(100);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

const CATALOG_WITH_NVDA = [
  ...Array.from({ length: 120 }, (_, i) => ({ symbol: `${String(i + 1)}.HK`, name: `HK company ${String(i + 1)}`, market: 'HK', type: 'stock' })),
  { symbol: 'NVDA.US', name: 'NVIDIA', market: 'US', type: 'stock' },
];
