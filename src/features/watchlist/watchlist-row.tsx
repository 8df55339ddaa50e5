/**
 * One symbol of a watchlist with its live quote. Each row takes its own ticker
 * (components/live-quote): the HTTP snapshot through React, polled only while the realtime channel is not live, and the
 * pushes written straight into the price and change cells, so a tick renders no component. An
 * unknown symbol or a failed quote shows in this row and nowhere else. The row shows the columns
 * the user chose (watchlist-view); the pushes' cells stay mounted (hidden when not chosen), so a
 * push never renders the row, and the figures they do not write (volume, turnover, one of change
 * and change %) follow the panel's refresh. The grip drags the row (drag-row, loaded on use).
 */
import { memoTranslated } from '../../i18n/memo-translated';
import { t } from '../../i18n/t';
import { useCallback, useRef, type PointerEvent } from 'react';
import { describeError } from '../../components/ui/describe-error';
import { useOpenIntent } from '../../queries/use-open-intent';
import { useAppStore } from '../../store/app-store';
import { RowActions } from './row-actions';
import { ExtendedQuoteSlot } from '../../components/live-quote/extended-quote-slot';
import { changeText, directionColor, tickerFigures, type TickerFigures } from '../../components/live-quote/ticker-figures';
import { formatCompact } from '../../lib/format';
import type { Ticker } from '../../api/quote-schemas';
import type { WatchlistColumn } from '../../store/watchlist-view';
import { useLiveQuote } from '../../components/live-quote/use-live-quote';
import { watchInView } from '../../lib/in-view';
import { SymbolName } from '../../components/symbol-name';
import { hkDisplayCode } from '../../lib/hk-code';

interface WatchlistRowProps {
  listId: string;
  symbol: string;
  isFirst: boolean;
  isLast: boolean;
  /** The list's one Tab stop (watchlist-keys moves focus inside the list). */
  tabbable: boolean;
  /** Id of the text that tells the list's keys. */
  hintId: string;
  columns: readonly WatchlistColumn[];
  /** Rows in the user's order can be dragged; sorted ones cannot. */
  draggable: boolean;
  /** Changes when the panel refreshes the figures pushes do not write. */
  refresh: number;
}

const loadDrag = () => import('./drag-row');
const GRIP_STYLE = { touchAction: 'none', cursor: 'grab', userSelect: 'none', order: -1, padding: '0 1px' } as const;

function startDrag(event: PointerEvent<HTMLButtonElement>, listId: string, symbol: string): void {
  if (event.button !== 0) return;
  event.preventDefault();
  const { pointerId, clientY, currentTarget: grip } = event;
  // Captured at once: the moves and the release while the drag code loads still come to the grip.
  grip.setPointerCapture(pointerId);
  void loadDrag().then(({ startRowDrag }) => {
    startRowDrag({ pointerId, clientY, grip, listId, symbol });
  });
}

/** The change line: both figures as pushes write them, or the one chosen. */
function changeOf(figures: TickerFigures | undefined, columns: readonly WatchlistColumn[]): string {
  const change = columns.includes('change');
  if (change === columns.includes('percent')) return change ? changeText(figures) : '';
  return (change ? figures?.change : figures?.percent) ?? '';
}

function amount(text: string | undefined): string {
  return text === undefined ? '—' : formatCompact(Number(text));
}

function Amounts({ ticker, columns }: { ticker: Ticker | undefined; columns: readonly WatchlistColumn[] }) {
  const volume = columns.includes('volume');
  const turnover = columns.includes('turnover');
  if (!ticker || (!volume && !turnover)) return null;
  return (
    <span className="flex justify-end gap-x-2 text-xs text-slate-500 tabular-nums dark:text-slate-400">
      {volume && <span data-testid="watchlist-volume">{t('Vol {amount}', { amount: amount(ticker.volume_24h) })}</span>}
      {turnover && <span data-testid="watchlist-turnover">{t('Turnover {amount}', { amount: amount(ticker.quote_volume_24h) })}</span>}
    </span>
  );
}

export const WatchlistRow = memoTranslated(function WatchlistRow({ listId, symbol, isFirst, isLast, tabbable, hintId, columns, draggable }: WatchlistRowProps) {
  const type = useAppStore((state) => state.symbolTypes[symbol]);
  const row = useRef<HTMLLIElement>(null);
  const watchRowView = useCallback((listener: (inView: boolean) => void) => (row.current ? watchInView(row.current, listener) : () => undefined), []);
  const { ticker, error, isPending, socketLost, lastCell, changeCell } = useLiveQuote(symbol, type, { watchView: watchRowView });
  const openSymbol = useAppStore((state) => state.openSymbol);
  const isCurrent = useAppStore((state) => state.workspace.symbol === symbol);
  const intent = useOpenIntent(symbol, type);
  const figures = ticker ? tickerFigures(ticker) : undefined;
  const color = figures ? directionColor(figures.direction) : undefined;
  const problem = error ? describeError(error).title : undefined;
  const code = hkDisplayCode(symbol);
  const stale = problem !== undefined ? t('Quote not updated: {problem}', { problem }) : socketLost ? t('Quote not live: polled over HTTP') : undefined;
  const both = columns.includes('change') && columns.includes('percent');

  return (
    <li
      ref={row}
      data-testid="watchlist-row"
      data-symbol={symbol}
      // The kind of mark the quote carries, as data (a probe or a test must not read it off the words).
      data-quote={problem !== undefined ? 'failed' : socketLost ? 'polled' : undefined}
      // Off-screen rows of a long list skip layout and paint when their price ticks.
      className={`flex items-stretch [contain-intrinsic-size:auto_3rem] [content-visibility:auto] border-b border-slate-100 last:border-b-0 dark:border-slate-800 ${isCurrent ? 'bg-sky-50 dark:bg-sky-950/40' : ''}`}
    >
      <button
        type="button"
        data-row-open
        tabIndex={tabbable ? 0 : -1}
        aria-describedby={hintId}
        aria-current={isCurrent ? 'true' : undefined}
        title={t('Open {symbol} in the chart', { symbol })}
        onClick={() => {
          openSymbol(symbol);
        }}
        {...intent}
        // Two lines of their own: the symbol gives way only to the price, the name to the change.
        className="flex min-w-0 flex-1 flex-col px-2 py-1.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-500 dark:hover:bg-slate-800/60"
      >
        <span className="flex items-baseline justify-between gap-x-2">
          <span className="flex min-w-0 items-baseline gap-x-1.5">
            <span data-testid="watchlist-symbol" className="min-w-0 truncate text-sm font-semibold">
              {symbol}
            </span>
            {/* An HK stock's code as Hong Kong writes it: beside its symbol, where the name below keeps its room; it gives way first. */}
            {code !== undefined && (
              <span data-testid="watchlist-code" className="min-w-0 shrink-[10] truncate text-xs text-slate-500 tabular-nums dark:text-slate-400">
                {code}
              </span>
            )}
          </span>
          <span
            ref={lastCell}
            hidden={!columns.includes('last')}
            data-testid="watchlist-last"
            className="shrink-0 rounded px-1 text-right text-sm tabular-nums"
          >
            {figures?.last ?? (isPending ? '…' : '—')}
          </span>
        </span>
        {problem !== undefined && !ticker ? (
          <span className="truncate text-xs text-amber-700 dark:text-amber-300" title={problem}>
            {problem}
          </span>
        ) : (
          // The line keeps its height with nothing in it yet: a name arriving never moves the rows below.
          <span className="flex min-h-4 items-baseline gap-x-1">
            <span className="min-w-0 truncate text-xs text-slate-500 dark:text-slate-400">
              {ticker?.name !== undefined ? <SymbolName symbol={symbol} name={ticker.name} withCode={false} /> : isPending ? t('Loading…') : ''}
            </span>
            {/* Beside the name, not in it: a long name's ellipsis never hides the mark. */}
            {stale !== undefined && (
              <span className="shrink-0 text-xs text-amber-700 dark:text-amber-300" title={stale} data-testid="watchlist-stale">
                ⚠<span className="sr-only"> {stale}</span>
              </span>
            )}
            <span
              ref={changeCell}
              hidden={!both}
              className="ml-auto shrink-0 pl-1 text-right text-xs tabular-nums"
              style={{ color }}
              data-testid="watchlist-change"
            >
              {changeText(figures)}
            </span>
            {!both && (
              <span className="ml-auto shrink-0 pl-1 text-right text-xs tabular-nums" style={{ color }} data-testid="watchlist-change-one">
                {changeOf(figures, columns)}
              </span>
            )}
          </span>
        )}
        <Amounts ticker={ticker} columns={columns} />
        {columns.includes('extended') && <ExtendedQuoteSlot ticker={ticker} className="truncate text-right text-xs" testId="watchlist-extended" compact />}
      </button>
      {draggable && (
        // A button, out of the Tab order and of the row's ←/→ (the keyboard moves rows with Alt+↑/↓):
        // a finger landing on a plain span beside a button is taken to the button (touch adjustment).
        // After the row's open button (the row's first), drawn first (GRIP_STYLE's order).
        <button
          type="button"
          tabIndex={-1}
          data-grip
          data-testid="watchlist-grip"
          aria-label={t('Drag {symbol} to reorder', { symbol })}
          title={t('Drag to reorder')}
          onPointerDown={(event) => {
            startDrag(event, listId, symbol);
          }}
          onPointerEnter={() => void loadDrag().catch(() => undefined)}
          // Inline: a finger on the grip drags the row instead of scrolling the list.
          style={GRIP_STYLE}
          className="flex shrink-0 items-center text-slate-400 hover:text-slate-700 dark:hover:text-slate-200"
        >
          ⠿
        </button>
      )}
      <RowActions listId={listId} symbol={symbol} isFirst={isFirst} isLast={isLast} row={row} />
    </li>
  );
});
