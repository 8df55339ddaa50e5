// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_PATH, catalogResponse } from '../queries/catalog.test-support';
import { useAppStore } from '../store/app-store';
import { useSymbolEntry, type EntryFeedback } from './use-symbol-entry';

const initial = useAppStore.getState();

beforeEach(() => {
  useAppStore.setState(initial, true);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      if (url.pathname !== CATALOG_PATH) return Promise.resolve(new Response('{}', { status: 400 }));
      return Promise.resolve(
        catalogResponse([
          { symbol: 'AAPL.US', name: 'Apple', market: 'US', type: 'stock' },
          { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar', market: 'GLOBAL', type: 'crypto' },
          { symbol: 'BTCUSD', name: 'Bitcoin / US Dollar CFD', market: 'GLOBAL', type: 'forex' },
        ]),
      );
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function entryWith(accept: (symbol: string) => EntryFeedback) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useSymbolEntry(accept), { wrapper }).result;
}

/** Types `typed` and presses Enter, before the catalogue has arrived: the check it starts. */
function startCheck(entry: ReturnType<typeof entryWith>, typed: string): Promise<void> {
  act(() => {
    entry.current.edit(typed);
  });
  let checked: Promise<void> = Promise.resolve();
  act(() => {
    checked = entry.current.check(typed, []);
  });
  return checked;
}

describe('useSymbolEntry', () => {
  it('empties the box once the symbol is taken, and keeps the text when it is refused', async () => {
    const accept = vi.fn((symbol: string): EntryFeedback => (symbol === 'AAPL.US' ? { tone: 'ok', text: 'Added' } : { tone: 'error', text: 'No room' }));
    const entry = entryWith(accept);
    act(() => {
      entry.current.edit('aapl');
    });
    await act(() => entry.current.check('aapl', []));
    expect(accept).toHaveBeenLastCalledWith('AAPL.US');
    expect(entry.current).toMatchObject({ text: '', feedback: { tone: 'ok', text: 'Added' } });
    act(() => {
      entry.current.edit('btcusd');
    });
    await act(() => entry.current.check('btcusd', []));
    // Two instruments: the type is asked for first, then remembered with the choice.
    expect(entry.current.choice).toEqual({ symbol: 'BTCUSD', types: ['crypto', 'forex'] });
    act(() => {
      entry.current.choose('forex');
    });
    expect(useAppStore.getState().symbolTypes.BTCUSD).toBe('forex');
    expect(entry.current).toMatchObject({ text: 'btcusd', feedback: { tone: 'error', text: 'No room' } });
  });

  it('keeps the next symbol typed while a check waits for the catalogue', async () => {
    const accept = vi.fn((): EntryFeedback => ({ tone: 'ok', text: 'Added' }));
    const entry = entryWith(accept);
    const checked = startCheck(entry, 'aapl');
    act(() => {
      // Typed before the catalogue arrives: the first symbol's acceptance must not empty it.
      entry.current.edit('btcusd');
    });
    await act(() => checked);
    expect(accept).toHaveBeenCalledWith('AAPL.US');
    expect(entry.current.text).toBe('btcusd');
  });

  it('frees the box at Enter while the catalogue loads, and gives a refused symbol back', async () => {
    const accept = vi.fn((): EntryFeedback => ({ tone: 'ok', text: 'Added' }));
    const entry = entryWith(accept);
    const checked = startCheck(entry, 'zzzz.us');
    expect(entry.current).toMatchObject({ text: '', feedback: { tone: 'busy' } });
    await act(() => checked);
    expect(accept).not.toHaveBeenCalled();
    expect(entry.current).toMatchObject({ text: 'zzzz.us', feedback: { tone: 'error' } });
  });

  it('refuses an empty box and an unknown symbol without accepting anything', async () => {
    const accept = vi.fn((): EntryFeedback => undefined);
    const entry = entryWith(accept);
    await act(() => entry.current.check('  ', []));
    expect(entry.current.feedback?.tone).toBe('error');
    await act(() => entry.current.check('ZZZZ.US', []));
    expect(entry.current.feedback).toMatchObject({ tone: 'error', text: expect.stringContaining('ZZZZ.US') as unknown });
    expect(accept).not.toHaveBeenCalled();
  });
});
