/**
 * What the paper account shows: each position marked at a price (unrealized P&L), each currency's
 * equity and return, the session's statistics from the trade log, and the log as CSV.
 *
 * Statistics, per currency (an account's currencies do not add up): a trade is a fill that closes
 * (part of) a position, counted with its net result (paper-engine.ts: after the entry fees of the
 * closed part and the exit fee); win rate = trades with a result above 0 ÷ trades; average win and
 * average loss over those above and below 0; max drawdown = the largest fall of equity from a
 * previous high, over the equity after each fill (since the account started, from the starting
 * cash) and the equity now; return = (equity now − starting cash) ÷ starting cash.
 */
import type { ProductType } from '../contract.ts';
import { CURRENCIES, money, paperKey, type Currency, type Fill, type PaperAccount, type Position } from './paper-model.ts';
import { equityOf } from './paper-engine.ts';

export interface MarkedPosition extends Position {
  /** The price it is marked at: the feed's last, else the last fill's, else its average. */
  mark: number;
  unrealized: number;
  /** Net realized P&L of this instrument since the account started (the log's closed results). */
  realized: number;
}

/** Prices by instrument key (paperKey). */
export type Marks = Readonly<Record<string, number>>;

export function markOf(account: PaperAccount, symbol: string, type: ProductType | undefined, marks: Marks): number | undefined {
  const key = paperKey(symbol, type);
  return marks[key] ?? account.marks[key];
}

export function markedPositions(account: PaperAccount, marks: Marks): MarkedPosition[] {
  return account.positions.map((position) => {
    const mark = markOf(account, position.symbol, position.type, marks) ?? position.averagePrice;
    const key = paperKey(position.symbol, position.type);
    const realized = account.fills.reduce((sum, fill) => (paperKey(fill.symbol, fill.type) === key && fill.closed ? sum + fill.closed.pnl : sum), 0);
    return { ...position, mark, unrealized: money((mark - position.averagePrice) * position.quantity), realized: money(realized) };
  });
}

export interface CurrencyStats {
  currency: Currency;
  startingCash: number;
  cash: number;
  equity: number;
  /** Net realized P&L (closed trades, fees included). */
  realized: number;
  unrealized: number;
  fees: number;
  /** A fraction: 0.012 is 1.2 %. */
  return: number;
  trades: number;
  wins: number;
  losses: number;
  /** A fraction of the trades; undefined without one. */
  winRate: number | undefined;
  averageWin: number | undefined;
  averageLoss: number | undefined;
  /** The largest fall from a high, in money and as a fraction of that high. */
  maxDrawdown: number;
  maxDrawdownRatio: number;
}

function average(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : money(values.reduce((sum, value) => sum + value, 0) / values.length);
}

/** The currencies the account has traded or holds, in CURRENCIES' order. */
export function activeCurrencies(account: PaperAccount): Currency[] {
  const used = new Set<Currency>([...account.fills.map((fill) => fill.currency), ...account.positions.map((position) => position.currency)]);
  return CURRENCIES.filter((currency) => used.has(currency));
}

export function currencyStats(account: PaperAccount, currency: Currency, marks: Marks): CurrencyStats {
  const startingCash = account.settings.startingCash[currency];
  const fills = account.fills.filter((fill) => fill.currency === currency);
  const results = fills.flatMap((fill) => (fill.closed ? [fill.closed.pnl] : []));
  const wins = results.filter((value) => value > 0);
  const losses = results.filter((value) => value < 0);
  const allMarks = { ...account.marks, ...marks };
  const equity = equityOf(account, currency, allMarks);
  const positions = markedPositions(account, marks).filter((position) => position.currency === currency);
  let high = startingCash;
  let maxDrawdown = 0;
  let maxDrawdownRatio = 0;
  for (const value of [...fills.map((fill) => fill.equityAfter), equity]) {
    high = Math.max(high, value);
    if (high - value > maxDrawdown) {
      maxDrawdown = high - value;
      maxDrawdownRatio = high > 0 ? (high - value) / high : 0;
    }
  }
  return {
    currency,
    startingCash,
    cash: account.cash[currency],
    equity,
    realized: money(results.reduce((sum, value) => sum + value, 0)),
    unrealized: money(positions.reduce((sum, position) => sum + position.unrealized, 0)),
    fees: money(fills.reduce((sum, fill) => sum + fill.fee, 0)),
    return: startingCash > 0 ? (equity - startingCash) / startingCash : 0,
    trades: results.length,
    wins: wins.length,
    losses: losses.length,
    winRate: results.length > 0 ? wins.length / results.length : undefined,
    averageWin: average(wins),
    averageLoss: average(losses),
    maxDrawdown: money(maxDrawdown),
    maxDrawdownRatio,
  };
}

const CSV_HEADER = [
  'time',
  'symbol',
  'type',
  'side',
  'order',
  'quantity',
  'price',
  'currency',
  'fee',
  'closed quantity',
  'P&L',
  'position after',
  'average after',
  'cash after',
  'equity after',
];

function field(value: string): string {
  // Symbols and codes: no separators; a leading formula character still starts with an apostrophe.
  const text = /^[=+\-@]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Plain decimal text: no grouping, no exponent. */
function plain(value: number): string {
  const text = String(money(value));
  return /e/i.test(text) ? value.toFixed(6).replace(/\.?0+$/, '') : text;
}

/** The trade log as CSV (RFC 4180, CRLF), oldest first, times as ISO 8601 UTC. */
export function tradeLogCsv(fills: readonly Fill[]): string {
  const rows = fills.map((fill) => [
    new Date(fill.time).toISOString(),
    fill.symbol,
    fill.type ?? '',
    fill.side,
    fill.kind,
    String(fill.quantity),
    plain(fill.price),
    fill.currency,
    plain(fill.fee),
    fill.closed ? String(fill.closed.quantity) : '',
    fill.closed ? plain(fill.closed.pnl) : '',
    String(fill.positionAfter),
    plain(fill.averageAfter),
    plain(fill.cashAfter),
    plain(fill.equityAfter),
  ]);
  return [CSV_HEADER, ...rows].map((row) => `${row.map(field).join(',')}\r\n`).join('');
}
