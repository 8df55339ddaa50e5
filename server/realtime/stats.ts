/**
 * Realtime figures for /metrics: open browser sockets, and subscriptions per channel as the
 * browsers were told (code-0 subscribe/unsubscribe acks on their way to each browser; a 4003/4004
 * refusal switched on at run time drops the symbols it names). Counted per connection, released
 * when it closes.
 */
import { REALTIME_CHANNELS, type RealtimeChannel } from '#shared/contract.ts';

type Channel = RealtimeChannel;

export interface RealtimeStats {
  connections(): number;
  subscriptions(): Record<Channel, number>;
}

/** One connection's subscriptions. */
export interface SubscriptionLedger {
  /** A text frame sent to the browser. */
  observe(text: string): void;
  /** The connection closed: its subscriptions no longer count. */
  release(): void;
}

const REFUSALS_THAT_DROP: ReadonlySet<unknown> = new Set([4003, 4004]);

function isChannel(value: unknown): value is Channel {
  return (REALTIME_CHANNELS as readonly unknown[]).includes(value);
}

interface Reply {
  cmd: 'subscribe' | 'unsubscribe';
  code: unknown;
  channel: Channel;
  symbols: string[];
}

/** A subscribe/unsubscribe reply naming a channel and symbols, else undefined. */
function replyOf(text: string): Reply | undefined {
  // Pushes are most frames and never contain this: skip parsing them.
  if (!text.includes('subscribe"')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { cmd, code, data } = value as { cmd?: unknown; code?: unknown; data?: unknown };
  if (cmd !== 'subscribe' && cmd !== 'unsubscribe') return undefined;
  if (typeof data !== 'object' || data === null) return undefined;
  const { channel, symbols } = data as { channel?: unknown; symbols?: unknown };
  if (!isChannel(channel) || !Array.isArray(symbols)) return undefined;
  return { cmd, code, channel, symbols: symbols.filter((symbol): symbol is string => typeof symbol === 'string') };
}

export class RealtimeStatsRegistry implements RealtimeStats {
  private open = 0;
  private readonly totals: Record<Channel, number> = { ticker: 0, depth: 0, trade: 0 };

  connections(): number {
    return this.open;
  }

  subscriptions(): Record<Channel, number> {
    return { ...this.totals };
  }

  /** A new browser connection: counts it until its ledger is released. */
  connect(): SubscriptionLedger {
    this.open += 1;
    const held: Record<Channel, Set<string>> = { ticker: new Set(), depth: new Set(), trade: new Set() };
    let released = false;
    const add = (channel: Channel, symbol: string): void => {
      if (held[channel].has(symbol)) return;
      held[channel].add(symbol);
      this.totals[channel] += 1;
    };
    const remove = (channel: Channel, symbol: string): void => {
      if (held[channel].delete(symbol)) this.totals[channel] -= 1;
    };
    return {
      observe: (text) => {
        if (released) return;
        const reply = replyOf(text);
        if (!reply) return;
        if (reply.code === 0) {
          for (const symbol of reply.symbols) (reply.cmd === 'subscribe' ? add : remove)(reply.channel, symbol);
        } else if (reply.cmd === 'subscribe' && REFUSALS_THAT_DROP.has(reply.code)) {
          for (const symbol of reply.symbols) remove(reply.channel, symbol);
        }
      },
      release: () => {
        if (released) return;
        released = true;
        this.open -= 1;
        for (const channel of REALTIME_CHANNELS) {
          this.totals[channel] -= held[channel].size;
          held[channel].clear();
        }
      },
    };
  }
}
