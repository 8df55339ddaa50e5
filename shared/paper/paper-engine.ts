/**
 * The paper trading engine: orders in, fills out, on whatever prices the caller observes (the
 * app's market feed, live or replayed: the engine does not know which). Pure functions of the
 * account (paper-model.ts); each returns a new account.
 *
 * Accounting: average cost. A fill that opens or adds to a position moves its average price to the
 * quantity-weighted mean; a fill that reduces it realizes (price − average) × quantity (the other
 * way round for a short) and leaves the average as it was; a fill through zero closes the position
 * and opens the rest at the fill's price. A closed part's net result (the trade log's P&L, and what
 * the statistics count as one trade) is that, less the entry fees of the closed part (kept per
 * position, released in proportion) and this fill's fee for the closed part. Cash pays the price
 * and the fee of a buy and receives the price less the fee of a sell (a short sale's proceeds
 * included); equity is cash plus each position at its last price (quantity signed).
 *
 * Orders:
 * - market: fills at once at the price observed now, on the tick;
 * - limit buy at L: fills when a price P ≤ L is observed, at min(L, P) (a marketable limit fills at
 *   once at the price now); limit sell mirrors it (P ≥ L, at max(L, P));
 * - stop buy at S: triggers when a price P ≥ S is observed and fills at P; stop sell mirrors it
 *   (P ≤ S). A stop already on the wrong side of the price when placed is refused.
 * - placed while the instrument's market is closed (the caller says so: `MarketSession`), no order
 *   fills at the quote then, the last session's price: a market order waits for the open and fills
 *   at the first price observed from it (its time at or after the open), as a broker's market order
 *   sent overnight fills at the open; a limit or stop order works from the open. Crypto's market is
 *   never closed.
 * Gaps: prices are observed one by one (each push or poll of the feed), with no path between them.
 * A price that jumped past a limit fills the limit order at that better price; one that jumped past
 * a stop fills the stop order at that worse price (slippage), as a real stop would.
 *
 * Buying power: no margin. A buy that opens or adds to a long needs the cash for its price and fee
 * (at the limit or the stop for a working order, checked when placed); a sell that opens or adds to
 * a short needs the currency's equity to cover the whole short at that price. Covering is always
 * allowed.
 */
import type { ProductType } from '../contract.ts';
import { marketOfInstrument } from '../symbols.ts';
import {
  currencyOf,
  feeOf,
  MAX_PAPER_FILLS,
  MAX_PAPER_ORDERS,
  money,
  onTick,
  paperKey,
  roundToTick,
  type Currency,
  type Fill,
  type OrderKind,
  type OrderSide,
  type PaperAccount,
  type Position,
  type WorkingOrder,
} from './paper-model.ts';

export interface OrderRequest {
  symbol: string;
  type?: ProductType | undefined;
  side: OrderSide;
  kind: OrderKind;
  /** Shares: a whole, positive number of lots. */
  quantity: number;
  lotSize: number;
  /** The limit or the stop (not for a market order). */
  price?: number | undefined;
}

/** Why an order was refused: a code, and the figures a message names. */
export type OrderRefusal =
  | { code: 'no-price' }
  | { code: 'quantity' }
  | { code: 'lots'; lotSize: number }
  | { code: 'price' }
  | { code: 'tick'; nearest: number }
  | { code: 'stop-side'; side: OrderSide; last: number }
  | { code: 'cash'; needed: number; cash: number; currency: Currency }
  | { code: 'short'; needed: number; equity: number; currency: Currency }
  | { code: 'orders'; max: number }
  /** The market is closed and when it opens is not known. */
  | { code: 'closed' };

/** The instrument's market when an order is placed: open, or closed until `opensAt` (undefined: not known). */
export type MarketSession = { open: true } | { open: false; opensAt: number | undefined };

const OPEN: MarketSession = { open: true };

export type PlaceResult = { ok: true; account: PaperAccount; fills: Fill[]; order?: WorkingOrder } | { ok: false; refusal: OrderRefusal };

/** Makes the ids of orders and fills (the store's: unique across tabs). */
export type NewId = (prefix: string) => string;

const signOf = (side: OrderSide): 1 | -1 => (side === 'buy' ? 1 : -1);

function positionOf(account: PaperAccount, symbol: string, type: ProductType | undefined): Position | undefined {
  const key = paperKey(symbol, type);
  return account.positions.find((position) => paperKey(position.symbol, position.type) === key);
}

/** The currency's equity: its cash and each of its positions at its last price (its average before one). */
export function equityOf(
  account: Pick<PaperAccount, 'cash' | 'positions' | 'marks'>,
  currency: Currency,
  marks: Readonly<Record<string, number>> = account.marks,
): number {
  let equity = account.cash[currency];
  for (const position of account.positions) {
    if (position.currency !== currency) continue;
    equity += position.quantity * (marks[paperKey(position.symbol, position.type)] ?? position.averagePrice);
  }
  return money(equity);
}

/** Whether `request`'s fill at `price` stays within the buying power; the refusal if not. */
function buyingPower(account: PaperAccount, request: OrderRequest, price: number): OrderRefusal | undefined {
  const { symbol, type, side, quantity } = request;
  const held = positionOf(account, symbol, type)?.quantity ?? 0;
  const after = held + signOf(side) * quantity;
  const currency = currencyOf(symbol, type);
  const fee = feeOf(account.settings, marketOfInstrument(symbol, type), price * quantity);
  if (side === 'buy' && after > 0 && after > held) {
    const needed = money(price * quantity + fee);
    if (needed > account.cash[currency]) return { code: 'cash', needed, cash: account.cash[currency], currency };
  }
  if (side === 'sell' && after < 0 && after < held) {
    const needed = money(-after * price);
    const equity = money(equityOf(account, currency) - fee);
    if (needed > equity) return { code: 'short', needed, equity, currency };
  }
  return undefined;
}

interface FillInput {
  symbol: string;
  type: ProductType | undefined;
  side: OrderSide;
  kind: OrderKind;
  quantity: number;
  price: number;
  orderId: string;
  time: number;
  id: string;
}

/** The account after one fill, and the fill's line of the log. */
export function applyFill(account: PaperAccount, input: FillInput): { account: PaperAccount; fill: Fill } {
  const { symbol, type, side, kind, quantity, price, time } = input;
  const key = paperKey(symbol, type);
  const currency = currencyOf(symbol, type);
  const fee = feeOf(account.settings, marketOfInstrument(symbol, type), price * quantity);
  const before = positionOf(account, symbol, type);
  const held = before?.quantity ?? 0;
  const average = before?.averagePrice ?? 0;
  const openFees = before?.openFees ?? 0;
  const signed = signOf(side) * quantity;

  let next: Position | undefined;
  let closed: Fill['closed'];
  if (held === 0 || Math.sign(held) === Math.sign(signed)) {
    // Opens or adds: the average moves to the weighted mean; the fee is an entry fee.
    const total = held + signed;
    next = {
      symbol,
      type,
      currency,
      quantity: total,
      averagePrice: money((Math.abs(held) * average + quantity * price) / Math.abs(total)),
      openFees: money(openFees + fee),
    };
  } else {
    // Reduces, closes, or goes through zero.
    const closing = Math.min(quantity, Math.abs(held));
    const gross = (price - average) * closing * Math.sign(held);
    const entryFees = (openFees * closing) / Math.abs(held);
    const exitFee = (fee * closing) / quantity;
    closed = { quantity: closing, pnl: money(gross - entryFees - exitFee) };
    const total = held + signed;
    if (total === 0) next = undefined;
    else if (Math.sign(total) === Math.sign(held))
      next = { symbol, type, currency, quantity: total, averagePrice: average, openFees: money(openFees - entryFees) };
    else next = { symbol, type, currency, quantity: total, averagePrice: price, openFees: money(fee - exitFee) };
  }

  const positions = account.positions.filter((position) => paperKey(position.symbol, position.type) !== key);
  if (next) positions.push(next);
  const cash = { ...account.cash, [currency]: money(account.cash[currency] - signed * price - fee) };
  const marks = { ...account.marks, [key]: price };
  const after: PaperAccount = { ...account, cash, positions, marks };
  const fill: Fill = {
    id: input.id,
    orderId: input.orderId,
    time,
    symbol,
    ...(type !== undefined && { type }),
    currency,
    side,
    kind,
    quantity,
    price,
    fee,
    ...(closed && { closed }),
    positionAfter: next?.quantity ?? 0,
    averageAfter: next?.averagePrice ?? 0,
    cashAfter: cash[currency],
    equityAfter: equityOf(after, currency),
  };
  return { account: { ...after, fills: [...account.fills, fill].slice(-MAX_PAPER_FILLS) }, fill };
}

/** The request's own faults, before any price: a quantity in whole lots, a price on the tick. */
export function checkOrder(request: OrderRequest): OrderRefusal | undefined {
  const { quantity, lotSize, kind, price, symbol, type } = request;
  if (!Number.isInteger(quantity) || quantity <= 0) return { code: 'quantity' };
  if (!Number.isInteger(lotSize) || lotSize <= 0 || quantity % lotSize !== 0) return { code: 'lots', lotSize };
  if (kind === 'market') return undefined;
  if (price === undefined || !Number.isFinite(price) || price <= 0) return { code: 'price' };
  if (!onTick(symbol, type, price)) return { code: 'tick', nearest: roundToTick(symbol, type, price) };
  return undefined;
}

/** Whether a working order fills at price `last`, and at what price. */
export function fillPrice(order: Pick<WorkingOrder, 'symbol' | 'type' | 'side' | 'kind' | 'price'>, last: number): number | undefined {
  const { symbol, type, side, kind, price } = order;
  const at = (value: number, toward: 'nearest' | 'down' | 'up') => roundToTick(symbol, type, value, toward);
  if (kind === 'market') return at(last, 'nearest');
  if (kind === 'limit') {
    if (side === 'buy') return last <= price ? Math.min(price, at(last, 'down')) : undefined;
    return last >= price ? Math.max(price, at(last, 'up')) : undefined;
  }
  if (side === 'buy') return last >= price ? at(last, 'nearest') : undefined;
  return last <= price ? at(last, 'nearest') : undefined;
}

/**
 * Places an order with the price observed now (`last`, undefined when none is known yet): a market
 * order (or a marketable limit) fills at once; a limit or stop order waits in the order book.
 */
export function placeOrder(
  account: PaperAccount,
  request: OrderRequest,
  last: number | undefined,
  now: number,
  newId: NewId,
  session: MarketSession = OPEN,
): PlaceResult {
  const fault = checkOrder(request);
  if (fault) return { ok: false, refusal: fault };
  const { symbol, type, side, kind, quantity, lotSize } = request;
  const orderId = newId('order');
  const opensAt = session.open ? undefined : session.opensAt;
  if (!session.open && kind === 'market') {
    if (opensAt === undefined) return { ok: false, refusal: { code: 'closed' } };
    if (last === undefined || !(last > 0)) return { ok: false, refusal: { code: 'no-price' } };
    const price = roundToTick(symbol, type, last);
    const short = buyingPower(account, request, price);
    if (short) return { ok: false, refusal: short };
    if (account.orders.length >= MAX_PAPER_ORDERS) return { ok: false, refusal: { code: 'orders', max: MAX_PAPER_ORDERS } };
    const order: WorkingOrder = { id: orderId, symbol, ...(type !== undefined && { type }), side, kind, quantity, lotSize, price, placedAt: now, opensAt };
    return { ok: true, account: { ...account, orders: [...account.orders, order] }, fills: [], order };
  }
  if (kind === 'market') {
    if (last === undefined || !(last > 0)) return { ok: false, refusal: { code: 'no-price' } };
    const price = roundToTick(symbol, type, last);
    const short = buyingPower(account, request, price);
    if (short) return { ok: false, refusal: short };
    const { account: after, fill } = applyFill(account, { symbol, type, side, kind, quantity, price, orderId, time: now, id: newId('fill') });
    return { ok: true, account: after, fills: [fill] };
  }
  const order: WorkingOrder = {
    id: orderId,
    symbol,
    ...(type !== undefined && { type }),
    side,
    kind,
    quantity,
    lotSize,
    price: request.price ?? 0,
    placedAt: now,
    ...(opensAt !== undefined && { opensAt }),
  };
  if (kind === 'stop' && last !== undefined && fillPrice(order, last) !== undefined) return { ok: false, refusal: { code: 'stop-side', side, last } };
  const short = buyingPower(account, request, order.price);
  if (short) return { ok: false, refusal: short };
  // A closed market's quote is the last session's: nothing fills at it.
  if (last !== undefined && session.open) {
    const price = fillPrice(order, last);
    if (price !== undefined) {
      const { account: after, fill } = applyFill(account, { symbol, type, side, kind, quantity, price, orderId, time: now, id: newId('fill') });
      return { ok: true, account: after, fills: [fill] };
    }
  }
  if (account.orders.length >= MAX_PAPER_ORDERS) return { ok: false, refusal: { code: 'orders', max: MAX_PAPER_ORDERS } };
  return { ok: true, account: { ...account, orders: [...account.orders, order] }, fills: [], order };
}

export function cancelOrder(account: PaperAccount, id: string): PaperAccount {
  return account.orders.some((order) => order.id === id) ? { ...account, orders: account.orders.filter((order) => order.id !== id) } : account;
}

/**
 * A price of one instrument observed at `time`: its working orders that it crosses fill (in the
 * order they were placed). The same account when nothing filled.
 */
export function observePrice(
  account: PaperAccount,
  symbol: string,
  type: ProductType | undefined,
  price: number,
  time: number,
  newId: NewId,
): { account: PaperAccount; fills: Fill[] } {
  if (!(price > 0) || !Number.isFinite(price)) return { account, fills: [] };
  const key = paperKey(symbol, type);
  const fills: Fill[] = [];
  let next = account;
  for (const order of account.orders) {
    if (paperKey(order.symbol, order.type) !== key) continue;
    // Placed while the market was closed: a price from before the open is the last session's.
    if (order.opensAt !== undefined && time < order.opensAt) continue;
    const at = fillPrice(order, price);
    if (at === undefined) continue;
    const filled = applyFill(cancelOrder(next, order.id), {
      symbol: order.symbol,
      type: order.type,
      side: order.side,
      kind: order.kind,
      quantity: order.quantity,
      price: at,
      orderId: order.id,
      time,
      id: newId('fill'),
    });
    next = filled.account;
    fills.push(filled.fill);
  }
  // Marks change with fills only: a price alone is not worth a revision of the record (the panel
  // marks the positions at the feed's prices itself).
  return { account: next, fills };
}

/** The instruments the account needs prices of: those with working orders or open positions. */
export function watchedInstruments(account: PaperAccount): { symbol: string; type: ProductType | undefined }[] {
  const seen = new Map<string, { symbol: string; type: ProductType | undefined }>();
  for (const each of [...account.orders, ...account.positions]) {
    const key = paperKey(each.symbol, each.type);
    if (!seen.has(key)) seen.set(key, { symbol: each.symbol, type: each.type });
  }
  return [...seen.values()];
}
