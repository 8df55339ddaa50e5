/**
 * The tape while trades are pushed: the pushed trades ahead of the HTTP snapshot taken when the
 * tab opened, each trade once, capped. Pure.
 */
import type { Trade } from '../../../api/quote-schemas';
import type { TradePush } from '../../../realtime/types';

/** Trades without an id (one-trade messages may lack it) are told apart by time, price and quantity. */
function contentKey(trade: { timestamp: number; price: string; quantity: string }): string {
  return `${String(trade.timestamp)}_${trade.price}_${trade.quantity}`;
}

/** A pushed trade in the HTTP shape; an absent id becomes its content key. */
export function tradeOfPush(push: TradePush): Trade {
  const trade: Trade = { id: push.id ?? contentKey(push), price: push.price, quantity: push.quantity, side: push.side, timestamp: push.timestamp };
  if (push.open_interest_change !== undefined && push.open_interest_change !== null) trade.open_interest_change = push.open_interest_change;
  if (push.position_effect !== undefined) trade.position_effect = push.position_effect;
  return trade;
}

/**
 * Oldest first, like the HTTP answer (the tape sorts for display): the snapshot's trades that no
 * push repeats (same id; same time, price and quantity for pushes without an id), then the pushes
 * (`pushed` newest first, as the realtime layer keeps them); the newest `limit`.
 */
export function mergeTape(pushed: readonly TradePush[], snapshot: readonly Trade[] | undefined, limit: number): Trade[] {
  const ids = new Set<string>();
  const contents = new Set<string>();
  for (const push of pushed) {
    if (push.id !== undefined) ids.add(push.id);
    else contents.add(contentKey(push));
  }
  const kept = (snapshot ?? []).filter((trade) => !ids.has(trade.id) && !contents.has(contentKey(trade)));
  const fromPushes = [...pushed].reverse().map(tradeOfPush);
  const all = [...kept, ...fromPushes];
  return all.length > limit ? all.slice(all.length - limit) : all;
}
