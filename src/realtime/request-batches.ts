/**
 * Subscription changes grouped into protocol messages: one per channel + type, at most
 * `maxSymbols` symbols each, in a stable order.
 */
import type { ProductType } from '#shared/contract.ts';
import type { RealtimeChannel, SubscriptionKey } from './types';

export interface SubscriptionRequest {
  cmd: 'subscribe' | 'unsubscribe';
  data: { channel: RealtimeChannel; symbols: string[]; type?: ProductType };
}

export const MAX_SYMBOLS_PER_MESSAGE = 100;

export function buildRequests(
  cmd: SubscriptionRequest['cmd'],
  targets: Iterable<SubscriptionKey>,
  maxSymbols = MAX_SYMBOLS_PER_MESSAGE,
): SubscriptionRequest[] {
  const groups = new Map<string, { channel: RealtimeChannel; type: ProductType | undefined; symbols: string[] }>();
  for (const { channel, type, symbol } of targets) {
    const key = `${channel}|${type ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      group = { channel, type, symbols: [] };
      groups.set(key, group);
    }
    group.symbols.push(symbol);
  }
  const requests: SubscriptionRequest[] = [];
  for (const { channel, type, symbols } of groups.values()) {
    for (let start = 0; start < symbols.length; start += maxSymbols) {
      requests.push({ cmd, data: { channel, symbols: symbols.slice(start, start + maxSymbols), ...(type && { type }) } });
    }
  }
  return requests;
}
