/**
 * The paper trading panel (issue 35 §2): the order ticket for the active chart's instrument
 * (market, limit and stop, buy and sell, quantity in board lots), the positions with their
 * average price and P&L, the working orders, each currency's statistics, the trade log with its
 * CSV, and the fee settings. Prices come through the tree's market feed (useTicker), so the panel
 * trades live data and a replay alike. Loaded on demand, when its side tab opens.
 */
import { useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import type { ProductType } from '#shared/contract.ts';
import { cancelOrder, placeOrder } from '#shared/paper/paper-engine.ts';
import { currencyOf, feeOf, paperKey, type Currency, type Fill, type PaperSettings, type WorkingOrder } from '#shared/paper/paper-model.ts';
import { activeCurrencies, currencyStats, markedPositions, tradeLogCsv, type Marks } from '#shared/paper/paper-stats.ts';
import { instrumentTimeZone, marketOfInstrument } from '#shared/symbols.ts';
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { csvBlob } from '../../lib/csv';
import { downloadBlob } from '../../lib/download';
import { exportFileName } from '../../lib/export-text';
import { formatMoney, formatPercent, formatPrice, formatSignedChange, MINUS } from '../../lib/format';
import { useQueries } from '@tanstack/react-query';
import { useAppServices, useMarketFeed } from '../../queries/app-services-context';
import { useStockInfo } from '../../queries/use-stock-info';
import { tickerQueryOptions, useTicker } from '../../queries/use-ticker';
import { useAppStore } from '../../store/app-store';
import { useDatesHidden } from '../../queries/use-dates-hidden';
import { fillTimeText } from './fill-time';
import { EMPTY_TICKET, readTicket, refusalText, type TicketDraft, type TicketErrors } from './ticket-form';
import { newPaperId, usePaperStore } from './paper-store';
import { pendingShortcutOrder, takeShortcutOrder } from './paper-shortcut';
import { marketClock } from '../../lib/market-clock';
import { useClockAt } from '../../components/use-clock-at';
import { usePaperSession, type PaperSession } from './use-market-session';

const FIELD =
  'w-full rounded border border-slate-300 bg-white px-1.5 py-0.5 text-sm tabular-nums dark:border-slate-700 dark:bg-slate-900 aria-[invalid=true]:border-red-500';
const SMALL_BUTTON = 'rounded px-1.5 py-0.5 text-xs text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800';
const HEADING = 'px-3 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400';
const TABLE = 'w-full text-xs tabular-nums';
const CELL = 'px-1 py-0.5 text-right first:pl-3 first:text-left last:pr-3';

/** Decimals a price shows: those of its typed or quoted text, at least 2. */
function decimalsOf(price: number): number {
  const text = String(price);
  const dot = text.indexOf('.');
  return Math.max(2, dot < 0 ? 0 : Math.min(6, text.length - dot - 1));
}

const price = (value: number) => formatPrice(value, decimalsOf(value));
const signedMoney = (value: number, currency: Currency) => (value > 0 ? `+${formatMoney(value, currency)}` : formatMoney(value, currency));
const pnlClass = (value: number) => (value > 0 ? 'text-emerald-700 dark:text-emerald-400' : value < 0 ? 'text-red-700 dark:text-red-400' : '');

function useActiveInstrument(): { symbol: string; type: ProductType | undefined } {
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  return { symbol, type };
}

/** A stock's board lot, once its information is in (`failed`: it could not be read). */
type LotSize = { known: true; lot: number } | { known: false; failed: boolean };

/**
 * The board lot: stock information's `lot_size` where it says, else 1 (a product without lots, a
 * stock the information leaves it out for). Unknown while a stock's information is on its way or
 * when it failed: an order then would be lots of 1 share, an odd lot on a board-lot market.
 */
function useLotSize(symbol: string, type: ProductType | undefined): LotSize {
  const stock = type === undefined || type === 'stock';
  const info = useStockInfo(stock ? [symbol] : []);
  if (stock && info.data === undefined) return { known: false, failed: info.isError };
  const lot = info.data?.find((each) => each.symbol === symbol)?.lot_size;
  return { known: true, lot: lot !== undefined && lot > 0 ? lot : 1 };
}

function Segmented<T extends string>({
  value,
  options,
  onChange,
  label,
}: {
  value: T;
  options: { id: T; text: string }[];
  onChange: (value: T) => void;
  label: string;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="flex overflow-hidden rounded border border-slate-300 text-xs dark:border-slate-700">
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          role="radio"
          aria-checked={value === option.id}
          onClick={() => {
            onChange(option.id);
          }}
          className="flex-1 px-2 py-0.5 aria-checked:bg-slate-800 aria-checked:text-white dark:aria-checked:bg-slate-200 dark:aria-checked:text-slate-900"
        >
          {option.text}
        </button>
      ))}
    </div>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="text-xs text-slate-600 dark:text-slate-300">
        {label}
      </label>
      {children}
      {error !== undefined && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function OrderTicket({
  symbol,
  type,
  last,
  lotSize: board,
  session,
}: {
  symbol: string;
  type: ProductType | undefined;
  last: number | undefined;
  lotSize: LotSize;
  session: PaperSession;
}) {
  const { clock } = useAppServices();
  const lotSize = board.known ? board.lot : undefined;
  const lotFailed = !board.known && board.failed;
  const lotFailure = () => ({ ok: false, text: t('The board lot of {symbol} could not be read, so the order was not sent.', { symbol }) });
  /** An order sent before the board lot was known: it goes once the lot is in. */
  const waiting = useRef<TicketDraft | undefined>(undefined);
  const [draft, setDraft] = useState<TicketDraft>(EMPTY_TICKET);
  const [errors, setErrors] = useState<TicketErrors>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>(undefined);
  const edit = (patch: Partial<TicketDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setOutcome(undefined);
  };
  const currency = currencyOf(symbol, type);
  const lots = Number(draft.lots.replace(/[,\s_]/g, ''));
  const shares = lotSize !== undefined && Number.isInteger(lots) && lots > 0 ? lots * lotSize : undefined;

  const send = (order: TicketDraft) => {
    if (lotSize === undefined) {
      waiting.current = lotFailed ? undefined : order;
      setOutcome(lotFailed ? lotFailure() : { ok: true, text: t('Sent once the board lot of {symbol} is in…', { symbol }) });
      return;
    }
    const read = readTicket(order, { symbol, type, lotSize });
    if (!read.ok) {
      setErrors(read.errors);
      setOutcome(undefined);
      return;
    }
    setErrors({});
    // Whether the market is open decides whether a market order fills now: wait for its hours.
    if (!session.ready) {
      waiting.current = order;
      setOutcome({ ok: true, text: t('Sent once the trading hours of {symbol} are in…', { symbol }) });
      return;
    }
    const { account, setAccount } = usePaperStore.getState();
    const now = clock.now();
    const result = placeOrder(account, read.request, last, now, newPaperId, session.at(now));
    if (!result.ok) {
      setOutcome({ ok: false, text: refusalText(result.refusal, last === undefined ? 2 : decimalsOf(last)) });
      return;
    }
    setAccount(result.account);
    const [fill] = result.fills;
    setOutcome({
      ok: true,
      text: fill
        ? t('Filled: {side} {quantity} {symbol} at {price}.', {
            side: t(fill.side === 'buy' ? 'Buy' : 'Sell'),
            quantity: fill.quantity.toLocaleString('en-US'),
            symbol,
            price: price(fill.price),
          })
        : result.order?.kind === 'market' && result.order.opensAt !== undefined
          ? t('The market is closed: the order waits and fills at the first price after the open, {when}.', {
              when: openTimeText(result.order, result.order.opensAt, now),
            })
          : t('Order placed: it fills when the price reaches {price}.', { price: price(result.order?.price ?? 0) }),
    });
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    send(draft);
  };
  // Alt+B and Alt+S (paper-shortcut.ts): the side column leaves the order; the ticket sends it.
  const sendRef = useRef(send);
  const draftRef = useRef(draft);
  useEffect(() => {
    sendRef.current = send;
    draftRef.current = draft;
  });
  // The order sent before the board lot (or the market's hours) was known goes (or is refused) as soon as it is.
  const sessionReady = session.ready;
  useEffect(() => {
    const order = waiting.current;
    if (order === undefined || (lotSize === undefined && !lotFailed) || !sessionReady) return;
    waiting.current = undefined;
    sendRef.current(order);
  }, [lotSize, lotFailed, sessionReady]);
  useEffect(() => {
    const take = () => {
      const order = takeShortcutOrder();
      if (!order) return;
      setDraft((current) => ({ ...current, side: order.side }));
      sendRef.current({ ...draftRef.current, side: order.side, kind: 'market' });
    };
    // One left by the keys that opened this tab, then each one to come.
    take();
    return pendingShortcutOrder.subscribe(take);
  }, []);

  return (
    <form onSubmit={submit} noValidate data-testid="paper-ticket" className="flex flex-col gap-1.5 px-3 py-2" aria-label={t('Order ticket')}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{symbol}</span>
        <span className="tabular-nums text-slate-600 dark:text-slate-300" data-testid="paper-last">
          {last === undefined ? t('No quote') : price(last)}
        </span>
      </div>
      <Segmented
        label={t('Side')}
        value={draft.side}
        onChange={(side) => {
          edit({ side });
        }}
        options={[
          { id: 'buy', text: t('Buy') },
          { id: 'sell', text: t('Sell') },
        ]}
      />
      <Segmented
        label={t('Order type')}
        value={draft.kind}
        onChange={(kind) => {
          edit({ kind });
        }}
        options={[
          { id: 'market', text: t('Market') },
          { id: 'limit', text: t('Limit') },
          { id: 'stop', text: t('Stop') },
        ]}
      />
      <div className="grid grid-cols-2 gap-2">
        <Field id="paper-lots" label={t('Lots of {lot}', { lot: lotSize === undefined ? '…' : String(lotSize) })} error={errors.lots}>
          <input
            id="paper-lots"
            inputMode="numeric"
            autoComplete="off"
            className={FIELD}
            value={draft.lots}
            aria-invalid={errors.lots !== undefined}
            aria-describedby={errors.lots !== undefined ? 'paper-lots-error' : undefined}
            onChange={(event) => {
              edit({ lots: event.target.value });
            }}
          />
        </Field>
        {draft.kind !== 'market' && (
          <Field id="paper-price" label={draft.kind === 'limit' ? t('Limit price') : t('Stop price')} error={errors.price}>
            <input
              id="paper-price"
              inputMode="decimal"
              autoComplete="off"
              className={FIELD}
              value={draft.price}
              aria-invalid={errors.price !== undefined}
              aria-describedby={errors.price !== undefined ? 'paper-price-error' : undefined}
              onChange={(event) => {
                edit({ price: event.target.value });
              }}
            />
          </Field>
        )}
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {shares !== undefined && t('{shares} shares', { shares: shares.toLocaleString('en-US') })}
        {shares !== undefined &&
          last !== undefined &&
          ` · ≈ ${formatMoney(shares * last, currency)} · ${t('fee')} ${formatMoney(feeOf(usePaperStore.getState().account.settings, marketOfInstrument(symbol, type), shares * last), currency)}`}
      </p>
      <button
        type="submit"
        className={`rounded px-2 py-1 text-sm font-semibold text-white ${draft.side === 'buy' ? 'bg-emerald-700 hover:bg-emerald-800' : 'bg-red-700 hover:bg-red-800'}`}
      >
        {draft.side === 'buy' ? t('Buy {symbol}', { symbol }) : t('Sell {symbol}', { symbol })}
      </button>
      {/* A keyboard's shortcut: no hint on a touch screen. */}
      <p className="text-[11px] text-slate-500 touch:hidden dark:text-slate-400">{t('Alt+B buys, Alt+S sells the lots at market.')}</p>
      {outcome && (
        <p
          role="status"
          data-testid="paper-outcome"
          data-ok={outcome.ok}
          className={`text-xs ${outcome.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
        >
          {outcome.text}
        </p>
      )}
    </form>
  );
}

function Positions({ marks }: { marks: Marks }) {
  const account = usePaperStore((state) => state.account);
  const positions = markedPositions(account, marks);
  if (positions.length === 0) return <p className="px-3 text-xs text-slate-500">{t('No positions.')}</p>;
  return (
    <table className={TABLE}>
      <thead className="text-slate-500">
        <tr>
          <th className={CELL}>{t('Symbol')}</th>
          <th className={CELL}>{t('Quantity')}</th>
          <th className={CELL}>{t('Average')}</th>
          <th className={CELL}>{t('Price')}</th>
          <th className={CELL}>{t('Unrealized')}</th>
        </tr>
      </thead>
      <tbody>
        {positions.map((position) => (
          <tr key={paperKey(position.symbol, position.type)} data-testid="paper-position-row" data-symbol={position.symbol} data-quantity={position.quantity}>
            <td className={CELL}>{position.symbol}</td>
            <td className={CELL}>{position.quantity < 0 ? `${MINUS}${String(-position.quantity)}` : String(position.quantity)}</td>
            <td className={CELL}>{price(position.averagePrice)}</td>
            <td className={CELL}>{price(position.mark)}</td>
            <td className={`${CELL} ${pnlClass(position.unrealized)}`}>{signedMoney(position.unrealized, position.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** When an order's market opens, on that market's clock ('Mon 09:30'). */
function openTimeText(order: Pick<WorkingOrder, 'symbol' | 'type'>, at: number, now: number): string {
  return marketClock(at, now, instrumentTimeZone(order.symbol, order.type));
}

/** A working order's kind and price: 'Limit 392.00', 'Market · fills at the open, Mon 09:30'. */
function orderTerms(order: WorkingOrder, now: number): string {
  const waits = order.opensAt !== undefined && order.opensAt > now ? order.opensAt : undefined;
  if (order.kind === 'market') {
    return waits === undefined ? t('Market') : `${t('Market')} · ${t('fills at the open, {when}', { when: openTimeText(order, waits, now) })}`;
  }
  const terms = `${t(order.kind === 'limit' ? 'Limit' : 'Stop')} ${price(order.price)}`;
  return waits === undefined ? terms : `${terms} · ${t('works from the open, {when}', { when: openTimeText(order, waits, now) })}`;
}

/** The first instant after `now` at which a waiting order's market opens (its text changes then). */
function nextOpening(orders: readonly WorkingOrder[], now: number): number | undefined {
  let next: number | undefined;
  for (const { opensAt } of orders) if (opensAt !== undefined && opensAt > now && (next === undefined || opensAt < next)) next = opensAt;
  return next;
}

function Orders() {
  const { clock } = useAppServices();
  const orders = usePaperStore((state) => state.account.orders);
  // A list left open across an open says so then, not only when the order fills.
  const now = useClockAt(clock, nextOpening(orders, clock.now()));
  if (orders.length === 0) return <p className="px-3 text-xs text-slate-500">{t('No working orders.')}</p>;
  return (
    <ul>
      {orders.map((order) => (
        <li key={order.id} data-testid="paper-order-row" className="flex items-center gap-2 px-3 py-0.5 text-xs tabular-nums">
          <span className="flex-1">
            {t(order.side === 'buy' ? 'Buy' : 'Sell')} {order.quantity.toLocaleString('en-US')} {order.symbol} · {orderTerms(order, now)}
          </span>
          <button
            type="button"
            className={SMALL_BUTTON}
            aria-label={
              order.kind === 'market'
                ? t('Cancel the market order for {symbol}', { symbol: order.symbol })
                : t('Cancel the order for {symbol} at {price}', { symbol: order.symbol, price: price(order.price) })
            }
            onClick={() => {
              const { account, setAccount } = usePaperStore.getState();
              setAccount(cancelOrder(account, order.id));
            }}
          >
            {t('Cancel')}
          </button>
        </li>
      ))}
    </ul>
  );
}

function Statistics({ marks }: { marks: Marks }) {
  const account = usePaperStore((state) => state.account);
  const currencies = activeCurrencies(account);
  if (currencies.length === 0) return <p className="px-3 text-xs text-slate-500">{t('No trades yet.')}</p>;
  return (
    <>
      {currencies.map((currency) => {
        const stats = currencyStats(account, currency, marks);
        const rows: [string, string, number?][] = [
          [t('Equity'), formatMoney(stats.equity, currency)],
          [t('Cash'), formatMoney(stats.cash, currency)],
          [t('Realized P&L'), signedMoney(stats.realized, currency), stats.realized],
          [t('Unrealized P&L'), signedMoney(stats.unrealized, currency), stats.unrealized],
          [t('Fees'), formatMoney(stats.fees, currency)],
          [t('Return'), formatPercent(stats.return * 100, 3), stats.return],
          [t('Trades'), String(stats.trades)],
          [t('Win rate'), stats.winRate === undefined ? '—' : formatPercent(stats.winRate * 100, 1).replace('+', '')],
          [t('Average win'), stats.averageWin === undefined ? '—' : signedMoney(stats.averageWin, currency)],
          [t('Average loss'), stats.averageLoss === undefined ? '—' : signedMoney(stats.averageLoss, currency)],
          [t('Max drawdown'), `${formatMoney(stats.maxDrawdown, currency)} (${formatSignedChange(stats.maxDrawdownRatio * 100, 2).replace('+', '')}%)`],
        ];
        return (
          <dl key={currency} data-testid="paper-stats" data-currency={currency} className="grid grid-cols-2 gap-x-2 px-3 py-1 text-xs tabular-nums">
            {rows.map(([label, value, sign]) => (
              <div key={label} className="contents">
                <dt className="text-slate-500">{label}</dt>
                <dd className={`text-right ${sign === undefined ? '' : pnlClass(sign)}`} data-stat={label}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        );
      })}
    </>
  );
}

function TradeLog() {
  const fills = usePaperStore((state) => state.account.fills);
  const { clock } = useAppServices();
  const zone = useAppStore((state) => state.workspace.zone);
  const datesHidden = useDatesHidden();
  const shown: Fill[] = fills.slice(-50).reverse();
  return (
    <>
      <div className="flex items-center justify-between">
        <h3 className={HEADING}>{t('Trade log')}</h3>
        <button
          type="button"
          className={`${SMALL_BUTTON} mr-2`}
          disabled={fills.length === 0}
          onClick={() => {
            downloadBlob(csvBlob(tradeLogCsv(fills)), exportFileName(['paper-trades'], clock.now(), 'csv'));
          }}
        >
          {t('Export CSV')}
        </button>
      </div>
      {shown.length === 0 ? (
        <p className="px-3 text-xs text-slate-500">{t('No trades yet.')}</p>
      ) : (
        <ul aria-label={t('Trade log')}>
          {shown.map((fill) => (
            <li
              key={fill.id}
              data-testid="paper-fill-row"
              data-side={fill.side}
              data-price={fill.price}
              data-fee={fill.fee}
              data-pnl={fill.closed?.pnl ?? ''}
              className="border-b border-slate-100 px-3 py-1 text-xs tabular-nums last:border-b-0 dark:border-slate-800"
            >
              <div className="flex items-baseline gap-2">
                <span className={`font-semibold ${fill.side === 'buy' ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}>
                  {t(fill.side === 'buy' ? 'Buy' : 'Sell')}
                </span>
                <span className="flex-1">
                  {fill.quantity.toLocaleString('en-US')} {fill.symbol} @ {price(fill.price)}
                </span>
                {fill.closed && <span className={pnlClass(fill.closed.pnl)}>{signedMoney(fill.closed.pnl, fill.currency)}</span>}
              </div>
              <div className="flex gap-2 text-slate-500 dark:text-slate-400">
                <span className="flex-1" data-testid="paper-fill-time" {...(!datesHidden && { title: new Date(fill.time).toISOString() })}>
                  {fillTimeText(fill, zone, datesHidden)} · {t(fill.kind === 'market' ? 'Market' : fill.kind === 'limit' ? 'Limit' : 'Stop')}
                </span>
                <span>
                  {t('Fee')} {formatMoney(fill.fee, fill.currency)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const RATE = /^\d+(?:\.\d+)?$/;

/** The fee setting of one market (a rate in percent and a minimum), and the reset of the account. */
function FeeSettings({ symbol, type }: { symbol: string; type: ProductType | undefined }) {
  const market = marketOfInstrument(symbol, type);
  const settings = usePaperStore((state) => state.account.settings);
  const currency = currencyOf(symbol, type);
  const rule = settings.fees[market];
  const [rate, setRate] = useState(String(Number((rule.rate * 100).toFixed(6))));
  const [minimum, setMinimum] = useState(String(rule.minimum));
  const [errors, setErrors] = useState<{ rate?: string; minimum?: string }>({});
  const [saved, setSaved] = useState(false);
  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    const next: { rate?: string; minimum?: string } = {};
    if (!RATE.test(rate.trim()) || Number(rate) > 10) next.rate = t('The fee rate is a percent from 0 to 10, like 0.03, not “{text}”.', { text: rate.trim() });
    if (!RATE.test(minimum.trim())) next.minimum = t('The minimum fee is an amount of 0 or more, like 3, not “{text}”.', { text: minimum.trim() });
    setErrors(next);
    setSaved(false);
    if (next.rate !== undefined || next.minimum !== undefined) return;
    const { account, setAccount } = usePaperStore.getState();
    const fees: PaperSettings['fees'] = { ...account.settings.fees, [market]: { rate: Number(rate) / 100, minimum: Number(minimum) } };
    setAccount({ ...account, settings: { ...account.settings, fees } });
    setSaved(true);
  };
  return (
    <details className="px-3 py-1 text-xs">
      <summary className="cursor-pointer text-slate-600 dark:text-slate-300">{t('Fees and account')}</summary>
      <form onSubmit={save} noValidate className="mt-1 flex flex-col gap-1.5">
        <p className="text-slate-500">{t('Fees in {market} ({currency}), a side:', { market, currency })}</p>
        <div className="grid grid-cols-2 gap-2">
          <Field id="paper-fee-rate" label={t('Rate (%)')} error={errors.rate}>
            <input
              id="paper-fee-rate"
              inputMode="decimal"
              className={FIELD}
              value={rate}
              aria-invalid={errors.rate !== undefined}
              onChange={(event) => {
                setRate(event.target.value);
                setSaved(false);
              }}
            />
          </Field>
          <Field id="paper-fee-minimum" label={t('Minimum ({currency})', { currency })} error={errors.minimum}>
            <input
              id="paper-fee-minimum"
              inputMode="decimal"
              className={FIELD}
              value={minimum}
              aria-invalid={errors.minimum !== undefined}
              onChange={(event) => {
                setMinimum(event.target.value);
                setSaved(false);
              }}
            />
          </Field>
        </div>
        <div className="flex items-center gap-2">
          <button type="submit" className={`${SMALL_BUTTON} border border-slate-300 dark:border-slate-700`}>
            {t('Save')}
          </button>
          {saved && <span className="text-emerald-700 dark:text-emerald-400">{t('Saved.')}</span>}
          <span className="flex-1" />
          <button
            type="button"
            className={`${SMALL_BUTTON} text-red-700 dark:text-red-400`}
            onClick={() => {
              if (window.confirm(t('Reset the paper account? Its positions, orders and trade log go; the cash starts again.')))
                usePaperStore.getState().reset();
            }}
          >
            {t('Reset account')}
          </button>
        </div>
      </form>
    </details>
  );
}

/**
 * The feed's last prices of the positions' instruments (their shared ticker queries) and the
 * active one's (with the socket's pushes), by instrument key: the marks of the unrealized P&L.
 */
function useMarks(symbol: string, type: ProductType | undefined, last: number | undefined): Marks {
  const feed = useMarketFeed();
  const positions = usePaperStore((state) => state.account.positions);
  const tickers = useQueries({ queries: positions.map((position) => tickerQueryOptions(feed, position.symbol, position.type)) });
  const marks: Record<string, number> = {};
  positions.forEach((position, index) => {
    const value = tickers[index]?.data?.last_price;
    if (value !== undefined) marks[paperKey(position.symbol, position.type)] = Number(value);
  });
  if (last !== undefined) marks[paperKey(symbol, type)] = last;
  return marks;
}

export function PaperPanel() {
  useLanguage();
  const { symbol, type } = useActiveInstrument();
  const { data } = useTicker(symbol, type);
  const last = data ? Number(data.last_price) : undefined;
  const lotSize = useLotSize(symbol, type);
  const marks = useMarks(symbol, type, last);
  const session = usePaperSession(symbol, type);
  return (
    <div data-testid="paper-panel" className="relative flex h-full min-h-0 flex-col overflow-y-auto">
      <OrderTicket key={paperKey(symbol, type)} symbol={symbol} type={type} last={last} lotSize={lotSize} session={session} />
      <h3 className={HEADING}>{t('Positions')}</h3>
      <Positions marks={marks} />
      <h3 className={HEADING}>{t('Working orders')}</h3>
      <Orders />
      <h3 className={HEADING}>{t('Statistics')}</h3>
      <Statistics marks={marks} />
      <TradeLog />
      <FeeSettings key={marketOfInstrument(symbol, type)} symbol={symbol} type={type} />
    </div>
  );
}
