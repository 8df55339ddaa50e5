/**
 * The order ticket's fields as typed, read into an order request: every field keeps its text (a
 * bad value is explained beside it, never cleared), and an order goes only when every field reads.
 * Messages are said in the language of the moment.
 */
import type { ProductType } from '#shared/contract.ts';
import type { OrderRefusal, OrderRequest } from '#shared/paper/paper-engine.ts';
import { roundToTick, type OrderKind, type OrderSide } from '#shared/paper/paper-model.ts';
import { formatMoney, formatPrice } from '../../lib/format';
import { t } from '../../i18n/t';

export interface TicketDraft {
  side: OrderSide;
  kind: OrderKind;
  /** Lots, as typed. */
  lots: string;
  /** The limit or stop, as typed. */
  price: string;
}

export const EMPTY_TICKET: TicketDraft = { side: 'buy', kind: 'market', lots: '1', price: '' };

export interface TicketErrors {
  lots?: string;
  price?: string;
}

const NUMBER = /^\d+(?:\.\d+)?$|^\.\d+$/;

/** Typed digits with grouping commas or spaces dropped ("1,000" → "1000"). */
function plain(text: string): string {
  return text.trim().replace(/[,\s_]/g, '');
}

/** The request the draft makes for an instrument, or what is wrong with each field. */
export function readTicket(
  draft: TicketDraft,
  instrument: { symbol: string; type: ProductType | undefined; lotSize: number },
): { ok: true; request: OrderRequest } | { ok: false; errors: TicketErrors } {
  const errors: TicketErrors = {};
  const lotsText = plain(draft.lots);
  const lots = Number(lotsText);
  if (lotsText === '') errors.lots = t('Enter how many lots, like 1.');
  else if (!/^\d+$/.test(lotsText) || !(lots > 0)) errors.lots = t('Lots must be a whole number above 0, not “{text}”.', { text: draft.lots.trim() });
  else if (lots > 1_000_000) errors.lots = t('At most {max} lots in one order.', { max: '1,000,000' });
  let price: number | undefined;
  if (draft.kind !== 'market') {
    const priceText = plain(draft.price);
    const value = Number(priceText);
    if (priceText === '') errors.price = draft.kind === 'limit' ? t('Enter the limit price.') : t('Enter the stop price.');
    else if (!NUMBER.test(priceText) || !(value > 0)) errors.price = t('“{text}” is not a price: type it like 385.2.', { text: draft.price.trim() });
    else {
      const nearest = roundToTick(instrument.symbol, instrument.type, value);
      if (nearest !== value) errors.price = t('{price} is not on the price step here: try {nearest}.', { price: priceText, nearest: String(nearest) });
      else price = value;
    }
  }
  if (errors.lots !== undefined || errors.price !== undefined) return { ok: false, errors };
  return {
    ok: true,
    request: {
      symbol: instrument.symbol,
      type: instrument.type,
      side: draft.side,
      kind: draft.kind,
      quantity: lots * instrument.lotSize,
      lotSize: instrument.lotSize,
      ...(price !== undefined && { price }),
    },
  };
}

/** The engine's refusal of an order, said for the user. */
export function refusalText(refusal: OrderRefusal, decimals: number): string {
  switch (refusal.code) {
    case 'no-price':
      return t('No price yet: wait for a quote, or place a limit order.');
    case 'quantity':
      return t('Enter how many lots, like 1.');
    case 'lots':
      return t('The quantity must be whole lots of {lot}.', { lot: String(refusal.lotSize) });
    case 'price':
      return t('Enter the limit price.');
    case 'tick':
      return t('The price is not on the price step here: try {nearest}.', { nearest: String(refusal.nearest) });
    case 'stop-side':
      return refusal.side === 'buy'
        ? t('A buy stop must be above the price now ({price}).', { price: formatPrice(refusal.last, decimals) })
        : t('A sell stop must be below the price now ({price}).', { price: formatPrice(refusal.last, decimals) });
    case 'cash':
      return t('Not enough cash: this order needs {needed}, the account has {cash}.', {
        needed: formatMoney(refusal.needed, refusal.currency),
        cash: formatMoney(refusal.cash, refusal.currency),
      });
    case 'short':
      return t('Not enough equity to short: this needs {needed}, the account has {equity}.', {
        needed: formatMoney(refusal.needed, refusal.currency),
        equity: formatMoney(refusal.equity, refusal.currency),
      });
    case 'orders':
      return t('At most {max} working orders: cancel one first.', { max: String(refusal.max) });
    case 'closed':
      return t('The market is closed and when it opens is not known, so the order was not sent.');
  }
}
