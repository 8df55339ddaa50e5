// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Ticker } from '../../api/quote-schemas';
import { queryKeys } from '../../queries/query-keys';
import { showShellQuote } from './shell-quote';
import { LIVE_SOURCE } from '../../queries/market-feed/market-feed';

const ticker = { symbol: '700.HK', name: 'Tencent', last_price: '505.5', prev_close: '500.0' } as Ticker;

function shell(busy = true): void {
  document.body.innerHTML = `<div id="root"><div class="app-page"${busy ? ' aria-busy="true"' : ''}><header class="app-header"><span class="app-header-brand"></span></header></div></div>`;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('showShellQuote', () => {
  it("writes the symbol, price and change into the shell's header when the ticker arrives", () => {
    shell();
    const client = new QueryClient();
    showShellQuote(client, 'en', '700.HK');
    expect(document.querySelector('[data-testid="shell-quote"]')).toBeNull();
    client.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, '700.HK', undefined), ticker);
    const row = document.querySelector('.app-header > [data-testid="shell-quote"]');
    expect([...(row?.children ?? [])].map((child) => child.textContent)).toEqual(['700.HK', '00700Tencent', '505.5', '+5.5 (+1.10%)']);
    expect((row?.lastElementChild as HTMLElement | null)?.style.color).toBe('var(--color-up)');
    // Once only: a later ticker leaves the shell to the app.
    client.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, '700.HK', undefined), { ...ticker, last_price: '506.0' });
    expect(document.querySelectorAll('[data-testid="shell-quote"]')).toHaveLength(1);
  });

  it('leaves out a name in the wrong script for the language (腾讯控股 in English), as the app’s header does', () => {
    shell();
    const client = new QueryClient();
    showShellQuote(client, 'en', '700.HK');
    client.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, '700.HK', undefined), { ...ticker, name: '腾讯控股' });
    const row = document.querySelector('.app-header > [data-testid="shell-quote"]');
    expect(row?.children[1]?.textContent).toBe('00700');
  });

  it('says whether it wrote the quote at once: true with the ticker in hand, false while it is awaited or for a typed symbol', () => {
    shell();
    const client = new QueryClient();
    expect(showShellQuote(client, 'en', '700.HK')).toBe(false);
    client.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, '700.HK', undefined), ticker);
    shell();
    expect(showShellQuote(client, 'en', '700.HK')).toBe(true);
    expect(document.querySelector('[data-testid="shell-quote"]')).not.toBeNull();
    expect(showShellQuote(client, 'en', '700.HK', 'stock')).toBe(false);
  });

  it('writes nothing once the app has rendered over the shell', () => {
    shell(false);
    const client = new QueryClient();
    client.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, '700.HK', undefined), ticker);
    expect(showShellQuote(client, 'en', '700.HK')).toBe(false);
    expect(document.querySelector('[data-testid="shell-quote"]')).toBeNull();
  });
});
