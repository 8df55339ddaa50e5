/** Helpers for the realtime tests: an in-memory peer, and the AsyncAPI payload validators. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Simulator } from '../app.ts';
import type { RealtimePeer, RealtimeSession, RealtimeSettings } from '../realtime/types.ts';
import { frozenSimulator } from '../test-support.ts';

/** A frame's data, loosely typed: each test reads the fields its frame has. */
export interface FrameData {
  [field: string]: unknown;
  symbol?: string;
  symbols?: string[];
  type?: string;
  timestamp?: number;
  bids?: [string, string][];
  asks?: [string, string][];
  trades?: Record<string, unknown>[];
}

export interface Frame {
  cmd: string;
  code?: number;
  message?: string;
  data?: FrameData | null;
}

/** A client as the service sees it: every frame it was sent, and how it was closed. */
export class FakeClient implements RealtimePeer {
  frames: Frame[] = [];
  closedWith: { code: number; reason: string } | undefined;
  readonly session: RealtimeSession;

  /** `key` null: the connection presents no key. */
  constructor(sim: Simulator, key: string | null = 'demo-enterprise', address?: string) {
    this.session = sim.realtime.open(this, key ?? undefined, address);
  }

  send(text: string): void {
    this.frames.push(JSON.parse(text) as Frame);
  }

  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
  }

  /** Sends a command (an object is JSON-encoded) and returns the frames it caused. */
  command(message: unknown): Frame[] {
    this.frames = [];
    this.session.receive(typeof message === 'string' ? message : JSON.stringify(message));
    return this.take();
  }

  subscribe(channel: string, symbols: string[], type?: string): Frame[] {
    return this.command({ cmd: 'subscribe', data: { channel, symbols, ...(type !== undefined && { type }) } });
  }

  take(): Frame[] {
    const frames = this.frames;
    this.frames = [];
    return frames;
  }
}

/** A frozen simulator whose push timer never runs: tests push with `pushNow()`. */
export function realtimeSimulator(iso: string, settings: Partial<RealtimeSettings> = {}): Simulator {
  const sim = frozenSimulator(iso, { realtime: settings });
  sim.realtime.stop();
  return sim;
}

/** Moves the frozen clock to `iso` and runs one push round. */
export function advanceAndPush(sim: Simulator, iso: string | number): void {
  sim.clock.set({ now: typeof iso === 'number' ? iso : Date.parse(iso) });
  sim.realtime.pushNow();
}

// A copy of ../shared/reference/tickdb-1.0.3 (MIT) in ./reference, so a clone of the repository tests alone.
const ASYNCAPI_PATH = fileURLToPath(new URL('./reference/tickdb-1.0.3/asyncapi.en.json', import.meta.url));
interface AsyncApi {
  channels: Record<string, { messages: Record<string, { payload?: unknown; $ref?: string }> }>;
  components: { messages: Record<string, { payload: unknown }> };
}
const asyncApi = JSON.parse(readFileSync(ASYNCAPI_PATH, 'utf8')) as AsyncApi;
const ajv = new Ajv2020({ strict: false, allErrors: true });

function payloadOf(channel: string, message: string): unknown {
  const entry = asyncApi.channels[channel]?.messages[message];
  if (entry?.payload) return entry.payload;
  if (message === 'errorResponse') return asyncApi.components.messages.errorResponse?.payload;
  throw new Error(`no payload ${channel}/${message}`);
}

export const validators: Record<'tickerData' | 'depthData' | 'tradeData' | 'pongResponse' | 'errorResponse', ValidateFunction> = {
  tickerData: ajv.compile(payloadOf('ticker', 'tickerData') as object),
  depthData: ajv.compile(payloadOf('depth', 'depthData') as object),
  tradeData: ajv.compile(payloadOf('trade', 'tradeData') as object),
  pongResponse: ajv.compile(payloadOf('ping', 'pongResponse') as object),
  errorResponse: ajv.compile(payloadOf('ticker', 'errorResponse') as object),
};

/** The schema errors of `frame` against the named payload ([] when valid). */
export function schemaErrors(name: keyof typeof validators, frame: unknown): unknown[] {
  const validate = validators[name];
  return validate(frame) ? [] : (validate.errors ?? []).slice(0, 5);
}
