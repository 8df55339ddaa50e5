// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_PATH, catalogResponse, type ProductRow } from '../../queries/catalog.test-support';
import { useAppStore } from '../../store/app-store';
import { AddSymbolForm } from './add-symbol-form';

const ROWS: ProductRow[] = [
  { symbol: 'AAPL.US', name: 'Apple', market: 'US', type: 'stock' },
  { symbol: '700.HK', name: '腾讯控股', market: 'HK', type: 'stock', nameEn: 'TENCENT', pinyin: 'teng xun kong gu' },
  { symbol: '7000.HK', name: '其他', market: 'HK', type: 'stock' },
  { symbol: '600519.SH', name: '贵州茅台', market: 'CN', type: 'stock', pinyin: 'gui zhou mao tai' },
  { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar', market: 'GLOBAL', type: 'crypto' },
  { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar CFD', market: 'GLOBAL', type: 'forex' },
];

const initial = useAppStore.getState();

/** Serves the catalogue (after `held`, when given; an outage while `down.on`) and records every path asked. */
function serve(options: { held?: Promise<void>; down?: { on: boolean } } = {}) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      paths.push(url.pathname + url.search);
      if (url.pathname !== CATALOG_PATH) return new Response(JSON.stringify({ code: 2001, message: 'unexpected' }), { status: 400 });
      await options.held;
      if (options.down?.on) return new Response(JSON.stringify({ code: 5001, message: 'Data source unavailable' }), { status: 503 });
      return catalogResponse(ROWS);
    }),
  );
  return paths;
}

function showForm(symbols: string[]) {
  useAppStore.setState({ watchlists: [{ id: 'a', name: 'Mine', symbols }], activeWatchlistId: 'a' });
  function Form() {
    const list = useAppStore((state) => state.watchlists[0]);
    return <AddSymbolForm listId="a" listName="Mine" symbols={list?.symbols ?? []} />;
  }
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Form />
    </QueryClientProvider>,
  );
  return screen.getByRole<HTMLInputElement>('combobox', { name: 'Add symbol' });
}

const listed = () => useAppStore.getState().watchlists[0]?.symbols;

function typeIn(input: HTMLElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AddSymbolForm', () => {
  it('loads the catalogue when the box gets focus, and suggests from the first keystroke with the best match selected', async () => {
    const paths = serve();
    const input = showForm([]);
    fireEvent.focus(input);
    await waitFor(() => {
      expect(paths).toEqual([CATALOG_PATH]);
    });
    typeIn(input, 'tencent');
    const suggestions = await screen.findAllByTestId('add-suggestion');
    expect(suggestions.map((option) => option.dataset.symbol)).toEqual(['700.HK']);
    expect(input.getAttribute('aria-activedescendant')).toBe(suggestions[0]?.id);
    fireEvent.submit(input);
    expect(listed()).toEqual(['700.HK']);
    expect(input.value).toBe('');
    expect(screen.getByText('Added 700.HK to Mine.')).toBeTruthy();
  });

  it('moves through the suggestions with the arrow keys and adds the one picked', async () => {
    serve();
    const input = showForm([]);
    typeIn(input, '700');
    await screen.findAllByTestId('add-suggestion');
    expect(screen.getAllByTestId('add-suggestion').map((option) => option.dataset.symbol)).toEqual(['700.HK', '7000.HK']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.submit(input);
    expect(listed()).toEqual(['7000.HK']);
  });

  it('refuses a symbol the catalogue does not know before adding anything, and asks nothing of the service', async () => {
    const paths = serve();
    const input = showForm(['AAPL.US']);
    typeIn(input, 'ZZZZ.US');
    fireEvent.submit(input);
    expect(await screen.findByText('ZZZZ.US is not in the catalogue: check the spelling, or type a name to search.')).toBeTruthy();
    expect(input.value).toBe('ZZZZ.US');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(listed()).toEqual(['AAPL.US']);
    expect(paths).toEqual([CATALOG_PATH]);
  });

  it('refuses a symbol already in the list in another spelling, and adds a typed one in the catalogue’s spelling', async () => {
    serve();
    const input = showForm(['700.HK']);
    typeIn(input, '00700.hk');
    await screen.findAllByTestId('add-suggestion');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.submit(input);
    expect(await screen.findByText('700.HK is already in this list.')).toBeTruthy();
    typeIn(input, '600519');
    fireEvent.submit(input);
    expect(listed()).toEqual(['700.HK', '600519.SH']);
  });

  it('asks which type an ambiguous symbol is, then adds it and remembers the answer', async () => {
    serve();
    const input = showForm([]);
    typeIn(input, 'btcusd');
    await screen.findAllByTestId('add-suggestion');
    fireEvent.submit(input);
    const question = screen.getByRole('group', { name: 'Which BTCUSD do you mean?' });
    expect(listed()).toEqual([]);
    fireEvent.click(within(question).getByRole('button', { name: 'forex' }));
    expect(listed()).toEqual(['BTCUSD']);
    expect(useAppStore.getState().symbolTypes.BTCUSD).toBe('forex');
  });

  it('takes the crypto pair for “btc” (its forex listing is a CFD), remembered as chosen; typed whole, it still asks', async () => {
    serve();
    const input = showForm([]);
    typeIn(input, 'btc');
    await screen.findAllByTestId('add-suggestion');
    fireEvent.submit(input);
    expect(screen.queryByRole('group', { name: 'Which BTCUSD do you mean?' })).toBeNull();
    expect(listed()).toEqual(['BTCUSD']);
    expect(useAppStore.getState().symbolTypes.BTCUSD).toBe('crypto');
  });

  it('waits for the catalogue when Enter comes before it', async () => {
    let release: () => void = () => undefined;
    serve({ held: new Promise<void>((resolve) => (release = resolve)) });
    const input = showForm([]);
    typeIn(input, 'aapl');
    fireEvent.submit(input);
    expect(screen.getByText('Checking the symbol catalogue…')).toBeTruthy();
    expect(listed()).toEqual([]);
    release();
    await waitFor(() => {
      expect(listed()).toEqual(['AAPL.US']);
    });
  });

  it('adds nothing when the catalogue cannot be loaded, and says so', async () => {
    serve({ down: { on: true } });
    const input = showForm([]);
    typeIn(input, 'AAPL.US');
    fireEvent.submit(input);
    expect(await screen.findByText('The symbol catalogue could not be loaded, so nothing was added. Try again.')).toBeTruthy();
    expect(listed()).toEqual([]);
  });
});
