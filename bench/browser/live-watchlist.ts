/**
 * Watchlists for the live figures: symbols chosen from the simulator's catalogue, markets open at
 * the bench's instant first (their tickers move), then closed ones to reach the size asked; and
 * the list seeded into local storage before the app loads, in the store's persisted format.
 */
import type { BrowserContext } from 'playwright-core';
import { parsePersisted, PERSIST_VERSION } from '../../src/store/persisted-state.ts';
import type { Preferences } from '../../src/store/preferences-slice.ts';

/** src/store/app-store.ts STORAGE_KEY (not imported: that module builds the React store). */
const STORAGE_KEY = 'chartroom';
const CATALOGUE_MARKETS = ['US', 'GLOBAL', 'CN', 'HK'] as const;
/** Symbols per ticker request, as the dashboard's batcher sends them. */
const TICKER_BATCH = 50;
/** A last trade this close to the newest one seen: the market is trading now. */
const OPEN_WITHIN_MS = 120_000;

interface Product {
  symbol: string;
  market: string;
  type: string;
}

export interface WatchlistChoice {
  symbols: string[];
  /** How many of them trade at the bench's instant (the others are closed markets). */
  open: number;
  /** Open symbols by market/type, e.g. `US/stock: 63`. */
  mix: Record<string, number>;
}

async function getData<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${String(response.status)}`);
  return ((await response.json()) as { data: T }).data;
}

async function catalogue(baseUrl: string): Promise<Product[]> {
  const pages = await Promise.all(
    CATALOGUE_MARKETS.map((market) => getData<{ products: Product[] }>(`${baseUrl}/v1/symbols/available?market=${market}&limit=1000`)),
  );
  const products = pages.flatMap((page) => page.products);
  // A symbol listed under two types (BTCUSD) would make the app ask which one is meant.
  const seen = new Map<string, number>();
  for (const { symbol } of products) seen.set(symbol, (seen.get(symbol) ?? 0) + 1);
  return products.filter(({ symbol }) => seen.get(symbol) === 1);
}

async function lastTradeTimes(baseUrl: string, symbols: readonly string[]): Promise<Map<string, number>> {
  const batches: string[][] = [];
  for (let i = 0; i < symbols.length; i += TICKER_BATCH) batches.push(symbols.slice(i, i + TICKER_BATCH));
  const times = new Map<string, number>();
  for (const batch of batches) {
    const tickers = await getData<{ symbol: string; timestamp: number }[]>(`${baseUrl}/v1/market/ticker?symbols=${encodeURIComponent(batch.join(','))}`);
    for (const { symbol, timestamp } of tickers) times.set(symbol, timestamp);
  }
  return times;
}

/** Round robin over groups, so any prefix is a mix (stocks, crypto, forex, indices…). */
function interleave<T>(groups: readonly T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; groups.some((group) => i < group.length); i++) for (const group of groups) if (i < group.length) out.push(group[i] as T);
  return out;
}

function groupBy(products: readonly Product[]): Map<string, Product[]> {
  const groups = new Map<string, Product[]>();
  for (const product of products) {
    const key = `${product.market}/${product.type}`;
    groups.set(key, [...(groups.get(key) ?? []), product]);
  }
  return groups;
}

/**
 * `count` symbols: every market open now first (mixed), then closed ones (mixed). US, global and
 * A-share lists are read whole; HK's first 1,000 of its ≈2,600 are plenty to fill up with.
 */
export async function chooseWatchlist(baseUrl: string, count: number): Promise<WatchlistChoice> {
  const products = await catalogue(baseUrl);
  // HK is closed on a US morning and has thousands: ask only for what filling up could need.
  const asked = [...products.filter((product) => product.market !== 'HK'), ...products.filter((product) => product.market === 'HK').slice(0, count)];
  const times = await lastTradeTimes(
    baseUrl,
    asked.map((product) => product.symbol),
  );
  const newest = Math.max(...times.values());
  const isOpen = (product: Product) => (times.get(product.symbol) ?? 0) >= newest - OPEN_WITHIN_MS;
  const open = interleave([...groupBy(asked.filter(isOpen)).values()]);
  const closed = interleave([...groupBy(asked.filter((product) => !isOpen(product) && times.has(product.symbol))).values()]);
  const chosen = [...open, ...closed].slice(0, count);
  const chosenOpen = chosen.filter(isOpen);
  const mix: Record<string, number> = {};
  for (const [key, group] of groupBy(chosenOpen)) mix[key] = group.length;
  return { symbols: chosen.map((product) => product.symbol), open: chosenOpen.length, mix };
}

/** The local-storage text the app reads at start: one watchlist, active, and any `preferences` given (the rest default). */
export function persistedWatchlist(symbols: readonly string[], name: string, preferences?: Partial<Preferences>): string {
  const id = 'bench-live';
  const saved = { state: { watchlists: [{ id, name, symbols }], activeWatchlistId: id, ...(preferences && { preferences }) }, version: PERSIST_VERSION };
  // The app's own parser must take it whole, or the bench would measure the default lists (or indicators).
  const { state, repaired } = parsePersisted(saved.state);
  if (repaired || state.watchlists[0]?.symbols.length !== symbols.length)
    throw new Error('the seeded watchlist or preferences do not parse as the app persists them');
  return JSON.stringify(saved);
}

/** Every page of the context starts with this watchlist and these preferences (written before the app's scripts run). */
export async function seedWatchlist(context: BrowserContext, symbols: readonly string[], name: string, preferences?: Partial<Preferences>): Promise<void> {
  await context.addInitScript(
    ([key, text]) => {
      localStorage.setItem(key, text);
    },
    [STORAGE_KEY, persistedWatchlist(symbols, name, preferences)] as const,
  );
}
