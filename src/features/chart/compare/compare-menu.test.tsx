// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_PATH, catalogResponse, type ProductRow } from '../../../queries/catalog.test-support';
import { useAppStore } from '../../../store/app-store';
import { comparisonsId } from '../../../store/compare-slice';
import { CompareMenu } from './compare-menu';

const FIRST_CHART = comparisonsId(0);

const ROWS: ProductRow[] = [
  { symbol: 'AAPL.US', name: 'Apple', market: 'US', type: 'stock' },
  { symbol: '700.HK', name: '腾讯控股', market: 'HK', type: 'stock', nameEn: 'TENCENT', pinyin: 'teng xun kong gu' },
  { symbol: 'EURUSD', name: 'Euro / US Dollar', market: 'GLOBAL', type: 'forex' },
  { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar', market: 'GLOBAL', type: 'crypto' },
  { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar CFD', market: 'GLOBAL', type: 'forex' },
];

const initial = useAppStore.getState();
/** Generous: on a busy machine the catalogue's index takes its time. */
const SLOW = { timeout: 5_000 };
const compared = () => useAppStore.getState().comparisons[FIRST_CHART];

function show() {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      return Promise.resolve(url.pathname === CATALOG_PATH ? catalogResponse(ROWS) : new Response('{}', { status: 400 }));
    }),
  );
  const anchor = document.createElement('button');
  document.body.append(anchor);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CompareMenu chartId={FIRST_CHART} symbol="AAPL.US" anchor={anchor} onClose={onClose} />
    </QueryClientProvider>,
  );
  const field = screen.getByRole<HTMLInputElement>('combobox', { name: 'Symbol to compare' });
  const add = (text: string) => {
    fireEvent.change(field, { target: { value: text } });
    fireEvent.submit(field);
  };
  return { add, onClose, field };
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
});
afterEach(async () => {
  cleanup();
  // The catalogue's prefetch (the box has focus) settles against the stub, not the real fetch.
  await new Promise((resolve) => setTimeout(resolve, 10));
  vi.unstubAllGlobals();
});

describe('CompareMenu', () => {
  it('adds a catalogue symbol in any spelling, and refuses the chart’s own, a duplicate and an unknown one with a message', async () => {
    const { add } = show();
    add('00700.hk');
    await waitFor(() => {
      expect(compared()).toEqual(['700.HK']);
    }, SLOW);
    add('AAPL.US');
    await screen.findByText('AAPL.US is already in this list.', {}, SLOW);
    add('700.HK');
    await screen.findByText('700.HK is already in this list.', {}, SLOW);
    add('ZZZZ.US');
    await screen.findByText(/ZZZZ\.US is not in the catalogue/, {}, SLOW);
    expect(compared()).toEqual(['700.HK']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove 700.HK' }));
    expect(compared()).toEqual([]);
  });

  it('suggests what the search palette finds: “tencent” and “腾讯” offer 700.HK, and Enter adds the selected one', async () => {
    const { field } = show();
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'tencent' } });
    const option = await screen.findByRole('option', { name: /700\.HK/ }, SLOW);
    expect(option.getAttribute('aria-selected')).toBe('true');
    expect(field.getAttribute('aria-activedescendant')).toBe(option.id);
    fireEvent.change(field, { target: { value: '腾讯' } });
    expect((await screen.findAllByRole('option', {}, SLOW))[0]?.getAttribute('data-symbol')).toBe('700.HK');
    fireEvent.submit(field);
    expect(compared()).toEqual(['700.HK']);
    expect(field.value).toBe('');
  });

  it('moves through the suggestions with the arrow keys and adds the one picked with the pointer', async () => {
    const { field } = show();
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'usd' } });
    expect(await screen.findAllByRole('option', {}, SLOW)).toHaveLength(2);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    const second = screen.getAllByRole('option')[1]?.getAttribute('data-symbol');
    fireEvent.click(screen.getAllByRole('option')[1] as HTMLElement);
    expect(compared()).toEqual([second]);
  });

  it('asks which type an ambiguous symbol is, and remembers the answer', async () => {
    const { add } = show();
    add('BTCUSD');
    fireEvent.click(await screen.findByRole('button', { name: 'crypto' }, SLOW));
    expect(compared()).toEqual(['BTCUSD']);
    expect(useAppStore.getState().symbolTypes.BTCUSD).toBe('crypto');
  });

  it('refuses a sixth, saying how many may be compared', () => {
    useAppStore.setState({ comparisons: { [FIRST_CHART]: ['A1X', 'A2X', 'A3X', 'A4X', 'A5X'] } });
    const { add } = show();
    add('EURUSD');
    expect(screen.getAllByText('At most 5 symbols can be compared: remove one first.').length).toBeGreaterThan(0);
    expect(compared()).toHaveLength(5);
  });

  it('closes on Escape, giving focus back to its button', () => {
    const { onClose } = show();
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Symbol to compare' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(true);
  });
});
