// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClient, tickerPush, type FakeSocket } from '../realtime/fake-socket.test-support';
import { useAppStore } from '../store/app-store';
import { serveTickers, settleBatches } from '../features/watchlist/watchlist-test-server';
import { SymbolHeader } from './symbol-header';
import { TestServices } from '../queries/query-test-support';
import { LOCAL_NAMES_KEY } from '../queries/use-local-name';
import { localNames } from '../lib/local-name';

/** Commits of the header's tree. */
const renders = { count: 0 };

const initial = useAppStore.getState();
let socket: () => FakeSocket;
let dispose: () => void = () => undefined;

beforeEach(() => {
  useAppStore.setState({ ...initial, workspace: { ...initial.workspace, symbol: 'AAPL.US' } }, true);
  renders.count = 0;
  serveTickers(new Map([['AAPL.US', { last: '222.74', change: '0.53', percent: '0.24' }]]));
  const fake = fakeClient();
  socket = fake.latest;
  dispose = () => {
    fake.client.dispose();
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <TestServices client={client} realtime={fake.client}>
      <Profiler id="header" onRender={() => renders.count++}>
        <SymbolHeader afterFirstCandle={false} />
      </Profiler>
    </TestServices>,
  );
});

afterEach(async () => {
  cleanup();
  dispose();
  await settleBatches();
  vi.unstubAllGlobals();
});

describe('SymbolHeader', () => {
  it('shows the HTTP quote, then writes pushes into its price and change cells without rendering', async () => {
    await waitFor(() => {
      expect(screen.getByTestId('header-last-price').textContent).toBe('222.74');
    });
    expect(screen.getByTestId('header-change').textContent).toBe('+0.53 (+0.24%)');
    act(() => {
      socket().open();
      socket().ackAll();
    });
    const before = renders.count;
    // Later than the HTTP snapshot, so the push wins.
    act(() => {
      socket().receive(tickerPush('AAPL.US', '223.50', Date.now() + 60_000));
    });
    await waitFor(() => {
      expect(screen.getByTestId('header-last-price').textContent).toBe('223.50');
    });
    act(() => {
      socket().receive(tickerPush('AAPL.US', '221.90', Date.now() + 61_000));
    });
    await waitFor(() => {
      expect(screen.getByTestId('header-last-price').textContent).toBe('221.90');
    });
    expect(screen.getByTestId('header-change').textContent).toMatch(/^[-−]/);
    // The header does not pulse, and two pushes rendered nothing.
    expect(screen.getByTestId('header-last-price').className).not.toMatch(/flash/);
    expect(renders.count).toBe(before);
  });

  it('says which adjustment a stock is drawn with, in the words of the language', async () => {
    expect(screen.getByTestId('header-adjust').textContent).toBe('Adjust: Forward');
    act(() => {
      useAppStore.getState().setAdjust('none');
    });
    await waitFor(() => {
      expect(screen.getByTestId('header-adjust').textContent).toBe('Adjust: None');
    });
    act(() => {
      useAppStore.getState().openSymbol('BTCUSDT');
    });
    await waitFor(() => {
      expect(screen.queryByTestId('header-adjust')).toBeNull();
    });
  });

  it('after the first candle, names an HK stock in the language’s script with its code as Hong Kong writes it', async () => {
    cleanup();
    useAppStore.getState().openSymbol('700.HK');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(LOCAL_NAMES_KEY, localNames([{ symbol: '700.HK', name: '腾讯控股', nameEn: 'TENCENT', nameCn: '', nameHk: '騰訊控股' }]));
    render(
      <TestServices client={client}>
        <SymbolHeader afterFirstCandle />
      </TestServices>,
    );
    await waitFor(() => {
      expect(screen.getByTestId('header-name').textContent).toBe('00700TENCENT');
    });
    act(() => {
      useAppStore.getState().setLanguage('zh-HK');
    });
    expect(screen.getByTestId('header-name').textContent).toBe('00700騰訊控股');
  });

  it('before the catalogue’s names are in, shows the quote’s own name only in the language’s script', async () => {
    cleanup();
    serveTickers(new Map([['700.HK', { last: '509.0', change: '-3.5', percent: '-0.68', name: '腾讯控股' }]]));
    useAppStore.getState().openSymbol('700.HK');
    render(
      <TestServices client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SymbolHeader afterFirstCandle={false} />
      </TestServices>,
    );
    await screen.findByTestId('header-last-price');
    // English: TENCENT comes with the catalogue; 腾讯控股 meanwhile would be the wrong script.
    expect(screen.getByTestId('header-name').textContent).toBe('00700');
    act(() => {
      useAppStore.getState().setLanguage('zh-CN');
    });
    expect(screen.getByTestId('header-name').textContent).toBe('00700腾讯控股');
    // zh-HK: the quote's Chinese is Simplified; 騰訊控股 comes with the catalogue.
    act(() => {
      useAppStore.getState().setLanguage('zh-HK');
    });
    expect(screen.getByTestId('header-name').textContent).toBe('00700');
  });
});
