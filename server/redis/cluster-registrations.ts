/**
 * What an instance registers in Redis for the cluster's upstream feed: one entry per instrument its
 * browsers hold (channel, symbol, product type), keyed as the shared feed keys its topics.
 */
import type { RealtimeChannel } from '#shared/contract.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import { topicKey } from '../realtime/feed/topics.ts';

export interface Registration {
  channel: RealtimeChannel;
  symbol: string;
  type?: string;
}

export const typeOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const keyOf = (registration: Registration): string => topicKey(registration.channel, registration.symbol, registration.type);
/** The upstream's acknowledgements name a channel and symbols, no type. */
export const routeOf = (channel: string, symbol: string): string => `${channel}|${normalizeSymbol(symbol)}`;

/** Registrations grouped as one subscribe each: same channel and type (a subscribe's `type` applies to all its symbols). */
export function subscribeGroups(registrations: Iterable<Registration>): Registration[][] {
  const groups = new Map<string, Registration[]>();
  for (const registration of registrations) {
    const group = `${registration.channel}|${registration.type ?? ''}`;
    groups.set(group, [...(groups.get(group) ?? []), registration]);
  }
  return [...groups.values()];
}
