/**
 * Forming K-lines of several charts in one request: the latest endpoint takes a list of symbols,
 * and the charts of a layout reconcile at the same moment (each bar's end), so requests for one
 * interval, type and adjustment asked within `windowMs` (WINDOW_MS) leave together (at most 50 symbols a
 * request). A failed batch of several symbols asks again for each alone, so one bad symbol costs
 * only its own chart. Pure: no React.
 */
import type { AdjustMode, Interval, ProductType } from '#shared/contract.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import type { KlineSeries } from '../api/kline-schemas';

const MAX_SYMBOLS = 50;

export interface LatestKlineRequest {
  symbol: string;
  interval: Interval;
  type?: ProductType | undefined;
  adjust?: AdjustMode | undefined;
}

/** One request of the endpoint: every symbol of `symbols` with the group's interval, type and adjustment. */
export type LatestKlineFetcher = (group: Omit<LatestKlineRequest, 'symbol'> & { symbols: string[] }) => Promise<KlineSeries[]>;

interface Waiter {
  symbol: string;
  resolve: (series: KlineSeries | undefined) => void;
  reject: (error: unknown) => void;
}

export interface LatestKlineBatcher {
  /** The series of `request.symbol` (undefined when the answer has none). */
  load(request: LatestKlineRequest): Promise<KlineSeries | undefined>;
}

/**
 * How long a request waits for others. The charts' reconciles aim at the same moment (a bar's end)
 * but their timers were set at different times: 30 ms apart was seen, so 20 missed some. The
 * forming candle moves with quotes meanwhile, so a reconcile 100 ms later costs nothing visible.
 */
const WINDOW_MS = 100;

export function createLatestKlineBatcher(fetcher: LatestKlineFetcher, windowMs = WINDOW_MS): LatestKlineBatcher {
  let groups = new Map<string, { group: Omit<LatestKlineRequest, 'symbol'>; waiters: Waiter[] }>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function send(group: Omit<LatestKlineRequest, 'symbol'>, waiters: Waiter[]): Promise<void> {
    const symbols = [...new Set(waiters.map((waiter) => normalizeSymbol(waiter.symbol)))];
    try {
      const series = await fetcher({ ...group, symbols: symbols.length === 1 ? [waiters[0]?.symbol ?? ''] : symbols });
      const bySymbol = new Map(series.map((entry) => [normalizeSymbol(entry.symbol), entry]));
      // A lone symbol's answer is its own even when the service spells the symbol otherwise.
      for (const waiter of waiters) waiter.resolve(bySymbol.get(normalizeSymbol(waiter.symbol)) ?? (symbols.length === 1 ? series[0] : undefined));
    } catch (error) {
      if (symbols.length === 1) {
        for (const waiter of waiters) waiter.reject(error);
        return;
      }
      for (const symbol of symbols)
        void send(
          group,
          waiters.filter((waiter) => normalizeSymbol(waiter.symbol) === symbol),
        );
    }
  }

  function flush(): void {
    timer = undefined;
    const due = groups;
    groups = new Map();
    for (const { group, waiters } of due.values()) {
      const bySymbol = new Map<string, Waiter[]>();
      for (const waiter of waiters) bySymbol.set(normalizeSymbol(waiter.symbol), [...(bySymbol.get(normalizeSymbol(waiter.symbol)) ?? []), waiter]);
      const chunks = [...bySymbol.values()];
      for (let start = 0; start < chunks.length; start += MAX_SYMBOLS) void send(group, chunks.slice(start, start + MAX_SYMBOLS).flat());
    }
  }

  return {
    load({ symbol, ...group }) {
      return new Promise((resolve, reject) => {
        const key = `${group.interval}|${group.type ?? ''}|${group.adjust ?? ''}`;
        const entry = groups.get(key) ?? { group, waiters: [] };
        entry.waiters.push({ symbol, resolve, reject });
        groups.set(key, entry);
        timer ??= setTimeout(flush, windowMs);
      });
    },
  };
}
