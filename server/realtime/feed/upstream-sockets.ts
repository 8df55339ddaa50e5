/**
 * The shared feed's upstream sockets: opening one (after the backoff that grows while handshakes
 * keep failing), frames queued until it is open, the keepalive ping (and, where this feed owns the
 * upstream socket, dropping one that answers nothing by the next ping), and closing. The first socket
 * serves every browser; more open only when the upstream answers 3004 on the ones there are.
 */
import type { RealtimeChannel } from '#shared/contract.ts';
import type { DataSourceLink } from '../data-source.ts';
import type { RelayPeer } from '../browser-peer.ts';
import { CLOSE } from '../close-codes.ts';
import type { Link } from './topics.ts';

export interface UpstreamSocketsOptions {
  /** Opens one upstream socket; its frames and its close come back through `peer`. */
  open(peer: RelayPeer): DataSourceLink;
  /** A frame from the upstream on `link`. */
  frame(link: Link, text: string): void;
  /** `link`'s upstream socket closed. */
  lost(link: Link, code: number, reason: string): void;
  keepaliveMs: number;
  /**
   * A socket that sent nothing (not even the pong) between two keepalive pings is lost (1013):
   * open with nothing arriving, its browsers would otherwise wait for ever while the server
   * answers their pings. Off where the pings do not reach the upstream (an instance on the cluster).
   */
  dropSilent: boolean;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

/** What the browsers of a silent upstream socket are closed with: they reconnect (and poll meanwhile). */
const SILENT = { code: CLOSE.TRY_AGAIN_LATER, reason: 'data source silent' } as const;

export class UpstreamSockets {
  private links: Link[] = [];
  private nextLinkId = 1;
  private failures = 0;
  private nextAttemptAt = 0;

  constructor(private readonly options: UpstreamSocketsOptions) {}

  get count(): number {
    return this.links.length;
  }

  /** Sockets opened (not waiting for their backoff). */
  get open(): number {
    return this.links.filter((link) => link.api !== undefined).length;
  }

  /** The first socket: it stays while browsers do, and its events concern them all. */
  isFirst(link: Link): boolean {
    return this.links[0] === link;
  }

  /** A socket that can take new subscriptions (not at the upstream's limit), opened if need be. */
  withRoom(): Link {
    return this.links.find((link) => !link.full && !link.gone) ?? this.add();
  }

  add(): Link {
    const link: Link = { id: this.nextLinkId++, api: undefined, outbox: [], topics: new Set(), full: false, refused: false, gone: false };
    this.links.push(link);
    const open = (): void => {
      link.openTimer = undefined;
      if (link.gone) return;
      let heard = true;
      link.api = this.options.open({
        send: (text) => {
          heard = true;
          this.options.frame(link, text);
        },
        close: (code, reason) => {
          this.options.lost(link, code, reason);
        },
      });
      for (const text of link.outbox.splice(0)) link.api.receive(text);
      link.keepalive = setInterval(() => {
        if (!heard && this.options.dropSilent) {
          this.options.lost(link, SILENT.code, SILENT.reason);
          this.close(link);
          return;
        }
        heard = false;
        link.api?.receive('{"cmd":"ping"}');
      }, this.options.keepaliveMs);
      link.keepalive.unref();
    };
    const wait = this.nextAttemptAt - performance.now();
    if (wait > 0) {
      link.openTimer = setTimeout(open, wait);
      link.openTimer.unref();
    } else {
      open();
    }
    return link;
  }

  ask(link: Link, cmd: 'subscribe' | 'unsubscribe', channel: RealtimeChannel, symbols: readonly string[], type: string | undefined): void {
    if (link.gone) return;
    const text = JSON.stringify({ cmd, data: type === undefined ? { channel, symbols } : { channel, symbols, type } });
    if (link.api) link.api.receive(text);
    else link.outbox.push(text);
  }

  /** Forgets `link` (its socket closed or is being closed). */
  drop(link: Link): void {
    link.gone = true;
    clearInterval(link.keepalive);
    clearTimeout(link.openTimer);
    this.links = this.links.filter((other) => other !== link);
  }

  /** Closes `link`'s socket from our side. */
  close(link: Link): void {
    this.drop(link);
    link.api?.closed();
  }

  closeAll(): void {
    for (const link of [...this.links]) this.close(link);
  }

  /** `link` closed: the next socket waits; longer after each refused handshake in a row. Returns the least wait. */
  backOff(link: Link): number {
    this.failures = link.refused ? this.failures + 1 : 0;
    const delay = this.failures === 0 ? this.options.backoffBaseMs : Math.min(this.options.backoffMaxMs, this.options.backoffBaseMs * 2 ** (this.failures - 1));
    this.nextAttemptAt = performance.now() + delay * (0.75 + Math.random() * 0.5);
    return Math.round(delay * 0.75);
  }
}
