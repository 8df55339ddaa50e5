/**
 * The socket of one realtime client: opened on demand, reconnects with exponential backoff and
 * jitter, a slow retry after the service refuses the connection (close 1008), and an idle close
 * once nothing is held. What travels on it is the client's business (realtime-client.ts).
 *
 * A socket can stay open with nothing arriving (the network gone without a close): a ping every
 * few seconds, and no answer (any message) by its deadline, or no open by the open deadline,
 * makes the connection silent: the socket is dropped and reconnected with backoff, and its
 * subscriptions read 'down' (their readers poll) until a message arrives on a socket again.
 */
import { backoffDelay } from './backoff';
import type { SocketFactory, SocketHandle } from './socket';
import type { LinkState } from './subscription-ledger';
import type { ConnectionSnapshot, ConnectionState } from './types';
import { wallClock } from '../time/clock';

export interface ConnectionOptions {
  createSocket: SocketFactory;
  /** Read when a connection opens (the page's host). */
  url: () => string;
  /** [0, 1): the jitter of reconnect delays. */
  random: () => number;
  idleCloseMs: number;
  pingIntervalMs: number;
  /** After a ping: no message by then and the socket is silent. */
  pongTimeoutMs: number;
  /** A socket not open by then is given up as silent. */
  openTimeoutMs: number;
  /** After a connection-level refusal (close 1008). */
  unavailableRetryMs: number;
}

export interface ConnectionEvents {
  /** The socket opened: send what is held. */
  opened(): void;
  /** The socket is gone (closed, dead or dropped): nothing is subscribed on the server any more. */
  detached(): void;
  message(data: unknown): void;
  /** The socket answered after a silence: what was asked meanwhile may have gone unanswered. */
  resumed(): void;
  /** The connection state changed. */
  changed(): void;
  /** Whether anything is held: a socket lost with nothing held goes idle instead of reconnecting. */
  wanted(): boolean;
}

/** The service's reply on the connection itself (1001/1002/3003 before close 1008, 5001 before 1011). */
export interface ConnectReply {
  code: number;
  message: string;
}

const POLICY_VIOLATION = 1008;

type TimerName = 'idleTimer' | 'reconnectTimer' | 'answerTimer';

export class RealtimeConnection {
  private socket: SocketHandle | undefined;
  private socketOpen = false;
  private state: ConnectionState = 'idle';
  private retryAt: number | undefined;
  private attempt = 0;
  private connectReply: ConnectReply | undefined;
  /** A deadline passed with nothing from the socket; cleared by the next message on one. */
  private silent = false;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  /** The deadline of an open or of a ping's answer. */
  private answerTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly options: ConnectionOptions,
    private readonly events: ConnectionEvents,
  ) {}

  get connection(): ConnectionState {
    return this.state;
  }

  isOpen(): boolean {
    return this.socketOpen;
  }

  /** What a subscription can be right now: live only on an open socket, and one heard from after a silence. */
  link(): LinkState {
    if (this.silent) return 'down';
    if (this.socketOpen) return 'open';
    return this.state === 'connecting' ? 'connecting' : 'down';
  }

  /** Something is wanted: no idle close; a connection if there is none. True when it started one. */
  ensureOpen(): boolean {
    this.clearTimer('idleTimer');
    if (this.state !== 'idle') return false;
    this.connect();
    return true;
  }

  /** Nothing is held any more: close in `idleCloseMs` unless something is wanted again; `beforeClose` sends the last changes. */
  scheduleIdleClose(beforeClose: () => void): void {
    this.clearTimer('idleTimer');
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.events.wanted()) return;
      beforeClose();
      this.dropSocket(1000, 'idle');
      this.goIdle();
    }, this.options.idleCloseMs);
  }

  send(message: object): void {
    if (!this.socket || !this.socketOpen) return;
    this.socket.send(JSON.stringify(message));
  }

  noteConnectReply(reply: ConnectReply): void {
    this.connectReply = reply;
  }

  /** The connection is healthy (a subscription was acknowledged): the next failure starts the backoff afresh. */
  markHealthy(): void {
    this.attempt = 0;
  }

  snapshot(): ConnectionSnapshot {
    const snapshot: ConnectionSnapshot = { connection: this.state };
    if (this.silent) snapshot.silent = true;
    if (this.state === 'reconnecting' && this.retryAt !== undefined) snapshot.retryInMs = Math.max(0, this.retryAt - wallClock.now());
    if ((this.state === 'reconnecting' || this.state === 'unavailable') && this.connectReply) {
      snapshot.code = this.connectReply.code;
      snapshot.message = this.connectReply.message;
    }
    return snapshot;
  }

  /**
   * The browser's network is back: a connection waiting out its backoff (grown long while the
   * network was gone) tries again now, from the first step of the backoff.
   */
  networkReturned(): void {
    if (this.state !== 'reconnecting') return;
    this.attempt = 0;
    this.connect();
  }

  /** Closes now, timers and all (tests, page teardown). */
  dispose(): void {
    this.clearTimer('idleTimer');
    this.clearTimer('reconnectTimer');
    this.dropSocket(1000, 'dispose');
    this.state = 'idle';
    this.silent = false;
  }

  private connect(): void {
    this.clearTimer('reconnectTimer');
    if (this.state === 'idle') this.state = 'connecting';
    this.retryAt = undefined;
    const socket: SocketHandle = this.options.createSocket(this.options.url(), {
      open: () => {
        if (this.socket === socket) this.handleOpen();
      },
      message: (data) => {
        if (this.socket !== socket) return;
        // Any message is a sign of life.
        this.clearTimer('answerTimer');
        const wasSilent = this.silent;
        this.silent = false;
        this.events.message(data);
        if (!wasSilent) return;
        this.events.resumed();
        this.events.changed();
      },
      close: (code, reason) => {
        if (this.socket === socket) this.handleClose(code, reason);
      },
    });
    this.socket = socket;
    this.expectAnswer(this.options.openTimeoutMs);
    this.events.changed();
  }

  private handleOpen(): void {
    this.clearTimer('answerTimer');
    this.socketOpen = true;
    this.state = 'open';
    this.retryAt = undefined;
    this.connectReply = undefined;
    this.pingTimer = setInterval(() => {
      this.ping();
    }, this.options.pingIntervalMs);
    this.events.opened();
    this.events.changed();
  }

  private handleClose(code: number, reason: string): void {
    this.detachSocket();
    if (!this.events.wanted()) {
      this.goIdle();
      return;
    }
    if (code === POLICY_VIOLATION) {
      // The service refuses this connection (key, plan, connection limit): retry slowly.
      this.state = 'unavailable';
      this.connectReply ??= { code, message: reason || 'Connection refused' };
      this.scheduleReconnect(this.options.unavailableRetryMs);
    } else {
      this.state = 'reconnecting';
      this.scheduleReconnect(backoffDelay(this.attempt, this.options.random));
      this.attempt += 1;
    }
    this.events.changed();
  }

  private scheduleReconnect(delayMs: number): void {
    this.clearTimer('reconnectTimer');
    this.retryAt = wallClock.now() + delayMs;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delayMs);
  }

  private ping(): void {
    this.send({ cmd: 'ping' });
    this.expectAnswer(this.options.pongTimeoutMs);
  }

  /** Nothing from the socket within `ms` (an open, then any message): it is silent, dropped and reconnected. */
  private expectAnswer(ms: number): void {
    this.answerTimer ??= setTimeout(() => {
      this.answerTimer = undefined;
      this.silent = true;
      this.dropSocket(1000, 'no answer');
      this.handleClose(1006, 'no answer');
    }, ms);
  }

  private detachSocket(): void {
    this.socket = undefined;
    this.socketOpen = false;
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    this.clearTimer('answerTimer');
    this.events.detached();
  }

  private dropSocket(code: number, reason: string): void {
    const socket = this.socket;
    this.detachSocket();
    socket?.close(code, reason);
  }

  private goIdle(): void {
    this.clearTimer('reconnectTimer');
    this.clearTimer('idleTimer');
    this.state = 'idle';
    this.silent = false;
    this.retryAt = undefined;
    this.attempt = 0;
    this.connectReply = undefined;
    this.events.changed();
  }

  private clearTimer(name: TimerName): void {
    const timer = this[name];
    if (timer !== undefined) clearTimeout(timer);
    this[name] = undefined;
  }
}
