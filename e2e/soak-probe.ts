/**
 * A probe that lives in the page during the soak: it collects unhandled rejections and, every
 * 200 ms, samples the three visible panels — the main tab, Watchlists and Markets.
 *
 * A panel is blank when it shows none of: its content, a loading state, an error notice.
 * Concretely:
 * - main tab: an `[role=alert]` (error), any "Loading…" text (loading), or the tab's content —
 *   chart: the candle legend or a "No candles" status; intraday: the chart or its one-sentence
 *   message; stock info: the figures or their "no information" / "not a stock" sentence; trades:
 *   a trade row or the "no trades" / "not available" sentence; HK market: a row or the plan notice;
 * - Watchlists: at least one row, and every row's price cell has text (a price, "…" loading, or
 *   "—" when its quote failed, the failure named in the row);
 * - Markets: each of the US, HK and CN cards has text.
 *
 * It also counts the error notices shown (distinct `[role=alert]` elements, by panel, the search
 * palette's included; watchlist rows showing a failed or stale quote) and alerts outside any
 * panel, which must not exist.
 *
 * `installSoakProbe` runs in the page (through addInitScript): it must not use anything from
 * this module's scope.
 */
import type { Page } from '@playwright/test';

/** The three panels, and the search palette (an overlay with its own error notices). */
export type Region = 'main' | 'watchlists' | 'markets' | 'palette';

export interface SoakProbeState {
  active: boolean;
  samples: number;
  /** Blank samples, e.g. `main(chart)`; the first 50 with their time. */
  blanks: string[];
  blankCount: number;
  /** Distinct alert elements that appeared, by where they were. */
  alerts: Record<Region | 'elsewhere', number>;
  /** Watchlist rows seen turning to a failed or stale quote. */
  rowProblems: number;
  rejections: string[];
}

/** What the probe concludes about the page right now (also used to detect recovery). */
export interface PageVerdict {
  tab: string;
  main: 'error' | 'loading' | 'content' | 'blank';
  watchlists: 'error' | 'content' | 'blank';
  markets: 'error' | 'content' | 'blank';
  alertsElsewhere: number;
}

export function installSoakProbe(): void {
  const CONTENT: Record<string, string> = {
    chart: '[data-testid="chart-legend"]',
    intraday: '[data-testid="intraday-chart"], [data-testid="intraday-message"]',
    info: '[data-testid="stock-info"], [data-testid="stock-info-empty"], [data-testid="stock-info-unavailable"]',
    trades: '[data-testid="trade-row"], [data-testid="trades-empty"], [data-testid="trades-unavailable"]',
    hk: '[data-testid="hk-row"], [data-testid="hk-plan-required"]',
  };
  const state: SoakProbeState = {
    active: false,
    samples: 0,
    blanks: [],
    blankCount: 0,
    alerts: { main: 0, watchlists: 0, markets: 0, palette: 0, elsewhere: 0 },
    rowProblems: 0,
    rejections: [],
  };
  const seenAlerts = new WeakSet<Element>();
  const troubledRows = new Set<string>();
  const text = (element: Element | null | undefined): string => (element?.textContent ?? '').trim();

  const regions = () => ({
    main: document.querySelector('section[aria-label="Main"] [role="tabpanel"][id^="tabpanel-"]'),
    watchlists: document.querySelector('section[aria-labelledby="panel-watchlists"]'),
    // The right column: Markets and Alerts as two tabs of one section.
    markets: document.querySelector('section[aria-label="Markets and alerts"]'),
    palette: document.querySelector('[role="dialog"]'),
  });

  const rowTrouble = (row: Element): boolean => {
    const last = text(row.querySelector('[data-testid="watchlist-last"]'));
    // A failed quote, not one polled over HTTP while the socket is away (the mark every row shows
    // when the realtime path is refused).
    return last === '—' || row.getAttribute('data-quote') === 'failed';
  };

  const verdict = (): PageVerdict => {
    const { main, watchlists, markets, palette } = regions();
    const tab = main?.id.slice('tabpanel-'.length) ?? '';
    let mainState: PageVerdict['main'] = 'blank';
    if (main) {
      const selector = CONTENT[tab];
      const content =
        selector !== undefined &&
        [...main.querySelectorAll(selector)].some((element) => text(element) !== '' || element.matches('[data-testid="intraday-chart"]'));
      if (main.querySelector('[role="alert"]')) mainState = 'error';
      else if (content || /No candles for this period/.test(text(main))) mainState = 'content';
      else if (/Loading/.test(text(main))) mainState = 'loading';
    }
    let watchState: PageVerdict['watchlists'] = 'blank';
    if (watchlists) {
      const rows = [...watchlists.querySelectorAll('[data-testid="watchlist-row"]')];
      const filled = rows.length > 0 && rows.every((row) => text(row.querySelector('[data-testid="watchlist-last"]')) !== '');
      if (filled) watchState = watchlists.querySelector('[role="alert"]') || rows.some(rowTrouble) ? 'error' : 'content';
    }
    let marketState: PageVerdict['markets'] = 'blank';
    if (markets) {
      const cards = ['US', 'HK', 'CN'].map((market) => markets.querySelector(`[data-testid="market-${market}"]`));
      if (cards.every((card) => text(card) !== '')) marketState = markets.querySelector('[role="alert"]') ? 'error' : 'content';
    }
    const inside = [main, watchlists, markets, palette];
    const alertsElsewhere = [...document.querySelectorAll('[role="alert"]')].filter((alert) => !inside.some((region) => region?.contains(alert))).length;
    return { tab, main: mainState, watchlists: watchState, markets: marketState, alertsElsewhere };
  };

  const sample = (): void => {
    if (!state.active) return;
    state.samples++;
    const now = verdict();
    const blank = (
      [
        ['main', now.main],
        ['watchlists', now.watchlists],
        ['markets', now.markets],
      ] as const
    )
      .filter(([, value]) => value === 'blank')
      .map(([name]) => (name === 'main' ? `main(${now.tab})` : name));
    if (blank.length > 0) {
      state.blankCount++;
      if (state.blanks.length < 50) state.blanks.push(`${blank.join('+')} at ${new Date().toISOString()}`);
    }
    const { main, watchlists, markets, palette } = regions();
    for (const alert of document.querySelectorAll('[role="alert"]')) {
      if (seenAlerts.has(alert)) continue;
      seenAlerts.add(alert);
      const where: Region | 'elsewhere' = main?.contains(alert)
        ? 'main'
        : watchlists?.contains(alert)
          ? 'watchlists'
          : markets?.contains(alert)
            ? 'markets'
            : palette?.contains(alert)
              ? 'palette'
              : 'elsewhere';
      state.alerts[where]++;
    }
    for (const row of watchlists?.querySelectorAll('[data-testid="watchlist-row"]') ?? []) {
      const symbol = row.getAttribute('data-symbol') ?? '';
      if (rowTrouble(row)) {
        if (!troubledRows.has(symbol)) state.rowProblems++;
        troubledRows.add(symbol);
      } else {
        troubledRows.delete(symbol);
      }
    }
  };

  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    state.rejections.push(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason));
  });
  setInterval(sample, 200);
  Object.defineProperty(window, '__soakProbe', { value: { state, verdict } });
}

interface ProbeHandle {
  state: SoakProbeState;
  verdict: () => PageVerdict;
}

type ProbeWindow = Window & { __soakProbe?: ProbeHandle };

/** Starts sampling (after the first load, so the empty page before React counts for nothing). */
export async function activateProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const handle = (window as ProbeWindow).__soakProbe;
    if (!handle) throw new Error('the soak probe is not installed');
    handle.state.active = true;
  });
}

export async function readProbe(page: Page): Promise<SoakProbeState> {
  return page.evaluate(() => {
    const handle = (window as ProbeWindow).__soakProbe;
    if (!handle) throw new Error('the soak probe is not installed');
    return handle.state;
  });
}

export async function pageVerdict(page: Page): Promise<PageVerdict> {
  return page.evaluate(() => {
    const handle = (window as ProbeWindow).__soakProbe;
    if (!handle) throw new Error('the soak probe is not installed');
    return handle.verdict();
  });
}
