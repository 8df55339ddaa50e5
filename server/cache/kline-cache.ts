/**
 * The completed K-line window cache. A window (kline-window.ts) is looked up by its key; a miss
 * asks the upstream once however many identical requests wait for it (single flight), and the
 * answer is kept when its code is 0 and every bar in it is complete.
 *
 * Entries hold the identity bytes and, made once when stored, their gzip: every browser accepts
 * gzip, so a hit costs no compression, and the few that do not get the identity bytes. The
 * upstream's own coding (gzip or br, whatever the first browser accepted) is decoded on the way
 * in, so what is stored never depends on who asked first.
 *
 * Windows whose `end_time` lies more than one bar back are settled and kept until evicted. A more
 * recent window may still gain a bar that was forming when it was fetched (bars follow session
 * opens, not the clock's grid), so it is kept for `recentTtlMs` of the data's clock only.
 */
import { acceptsCoding } from '../accept-encoding.ts';
import { decodeBody, gzipBody, isDecodable, normalizeContentEncoding } from '../upstream/encoding.ts';
import { bodyInit } from '../upstream/relay.ts';
import { LRUCache } from 'lru-cache';
import { CACHE_FOREVER, cacheControlMaxAge, NO_STORE } from './cache-control.ts';
import { allBarsComplete, windowSettled } from '#shared/kline-window-policy.ts';
import { klineAnswerOf, type KlineWindow } from './kline-window.ts';

import { CACHE_HEADER } from '#shared/protocol.ts';
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
export const RECENT_WINDOW_TTL_MS = 60_000;
/** Bound of a decoded upstream answer read by the cache (a 1000-bar window is about 150 KB). */
const MAX_DECODED_BYTES = 64 * 1024 * 1024;
/** Map entry, key and header overhead counted per entry on top of the bodies. */
const ENTRY_OVERHEAD_BYTES = 256;

export interface KlineCacheOptions {
  /** Bound of the stored bytes; 0 keeps nothing (single flight and headers still apply). */
  maxBytes?: number;
  /** The data's clock in ms: the simulator's in simulator mode, the wall clock upstream. */
  now: () => number;
  recentTtlMs?: number;
  onLookup?: (outcome: 'hit' | 'miss') => void;
  onEviction?: () => void;
  /** REDIS_URL: windows shared with the other instances (looked up before the upstream, stored after it). */
  shared?: SharedWindows;
}

/** A window as another instance stored it. */
export interface SharedWindow {
  contentType: string;
  identity: Buffer;
  gzip: Buffer;
  expiresAt: number | undefined;
}

/** Where instances share complete windows (server/redis/redis-kline.ts); failures read as misses. */
export interface SharedWindows {
  get(key: string): Promise<SharedWindow | undefined>;
  set(key: string, window: SharedWindow): void;
}

interface Entry {
  contentType: string;
  identity: Buffer;
  gzip: Buffer;
  /** Data-clock instant it stops being served; undefined: settled, kept until evicted. */
  expiresAt: number | undefined;
}

/** What one upstream exchange gave, in a form every waiting request can be answered from. */
interface FlightResult {
  status: number;
  headers: Headers;
  body: Buffer;
  code: number | undefined;
  entry: Entry | undefined;
}

export interface CacheAnswer {
  response: Response;
  /** The envelope code, when the answer is JSON the cache read. */
  code: number | undefined;
}

export type UpstreamCall = (request: Request) => Promise<Response>;

/** Open time of the newest bar of an answer (bars may come in any order). */
function newestOf(times: readonly number[]): number | undefined {
  return times.reduce<number | undefined>((newest, time) => (newest === undefined || time > newest ? time : newest), undefined);
}

/**
 * The shared upstream request: without headers that could make the upstream answer 304 or a
 * part, and without the first browser's abort signal (the others still wait for the answer).
 */
const CONDITIONAL_HEADERS = ['if-none-match', 'if-modified-since', 'range', 'if-range'];

function unconditional(request: Request): Request {
  const headers = new Headers(request.headers);
  for (const name of CONDITIONAL_HEADERS) headers.delete(name);
  return new Request(request.url, { method: request.method, headers });
}

export class KlineCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly flights = new Map<string, Promise<FlightResult>>();
  /** Bumped by clear(): flights begun before it must not store what they fetched. */
  private generation = 0;
  private readonly now: () => number;
  private readonly recentTtlMs: number;
  private readonly onLookup: (outcome: 'hit' | 'miss') => void;
  private readonly shared: SharedWindows | undefined;

  constructor(options: KlineCacheOptions) {
    this.shared = options.shared;
    const onEviction = options.onEviction ?? (() => undefined);
    // lru-cache bounded by bytes (sizes given on set); a bound of 0 keeps nothing (every entry is larger than 1).
    this.entries = new LRUCache<string, Entry>({
      maxSize: Math.max(1, options.maxBytes ?? DEFAULT_CACHE_BYTES),
      dispose: (_entry, _key, reason) => {
        if (reason === 'evict') onEviction();
      },
    });
    this.now = options.now;
    this.recentTtlMs = options.recentTtlMs ?? RECENT_WINDOW_TTL_MS;
    this.onLookup = options.onLookup ?? (() => undefined);
  }

  /** Answers a cacheable window from the cache, or through one shared upstream request. */
  async serve(request: Request, window: KlineWindow, upstream: UpstreamCall): Promise<CacheAnswer> {
    const accept = request.headers.get('accept-encoding');
    const stored = this.lookup(window.key);
    if (stored !== undefined) {
      this.onLookup('hit');
      return { response: this.answerFrom(stored, accept, 'hit'), code: 0 };
    }
    this.onLookup('miss');
    let flight = this.flights.get(window.key);
    if (flight === undefined) {
      flight = this.fly(request, window, upstream).finally(() => {
        this.flights.delete(window.key);
      });
      this.flights.set(window.key, flight);
    }
    const result = await flight;
    if (result.entry !== undefined) return { response: this.answerFrom(result.entry, accept, 'miss'), code: result.code };
    const headers = new Headers(result.headers);
    headers.set(CACHE_HEADER, 'miss');
    headers.set('Content-Length', String(result.body.byteLength));
    return { response: new Response(bodyInit(result.body), { status: result.status, headers }), code: result.code };
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** Stored keys, least recently used first (tests prove no key carries an API key). */
  keys(): string[] {
    return [...this.entries.rkeys()];
  }

  private lookup(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && this.now() >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private answerFrom(entry: Entry, acceptEncoding: string | null, outcome: 'hit' | 'miss'): Response {
    const gzip = acceptsCoding(acceptEncoding, 'gzip');
    const body = gzip ? entry.gzip : entry.identity;
    const headers = new Headers({
      'Content-Type': entry.contentType,
      'Content-Length': String(body.byteLength),
      Vary: 'Accept-Encoding',
      'Cache-Control': entry.expiresAt === undefined ? CACHE_FOREVER : cacheControlMaxAge(entry.expiresAt - this.now()),
      [CACHE_HEADER]: outcome,
    });
    if (gzip) headers.set('Content-Encoding', 'gzip');
    return new Response(bodyInit(body), { status: 200, headers });
  }

  private keep(key: string, entry: Entry): void {
    const size = entry.identity.byteLength + entry.gzip.byteLength + key.length + ENTRY_OVERHEAD_BYTES;
    // lru-cache refuses an entry larger than the whole bound (as the cache always did).
    if (size <= this.entries.maxSize) this.entries.set(key, entry, { size });
  }

  private async fly(request: Request, window: KlineWindow, upstream: UpstreamCall): Promise<FlightResult> {
    const generation = this.generation;
    const fromOthers = await this.shared?.get(window.key);
    if (fromOthers && (fromOthers.expiresAt === undefined || this.now() < fromOthers.expiresAt)) {
      if (generation === this.generation) this.keep(window.key, fromOthers);
      return { status: 200, headers: new Headers({ 'Content-Type': fromOthers.contentType }), body: fromOthers.identity, code: 0, entry: fromOthers };
    }
    const response = await upstream(unconditional(request));
    const received = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    const coding = normalizeContentEncoding(headers.get('content-encoding') ?? undefined);
    let body: Buffer = received;
    if (coding !== '' && isDecodable(coding)) {
      try {
        body = await decodeBody(received, coding, MAX_DECODED_BYTES);
        headers.delete('Content-Encoding');
      } catch {
        body = received; // left as received, with its coding: passed on, never stored
      }
    }
    const readable = headers.get('content-encoding') === null && /^application\/json\b/i.test(headers.get('content-type') ?? '');
    const answer = readable ? klineAnswerOf(body.toString('utf8')) : undefined;
    const now = this.now();
    const complete = response.status === 200 && answer?.code === 0 && answer.times !== undefined && allBarsComplete(answer.times, window.interval, now);
    if (!complete) {
      headers.set('Cache-Control', NO_STORE);
      return { status: response.status, headers, body, code: answer?.code, entry: undefined };
    }
    const entry: Entry = {
      contentType: headers.get('content-type') ?? 'application/json',
      identity: body,
      gzip: await gzipBody(body),
      expiresAt: windowSettled(window, now, newestOf(answer.times ?? [])) ? undefined : now + this.recentTtlMs,
    };
    if (generation === this.generation) {
      this.keep(window.key, entry);
      this.shared?.set(window.key, entry);
    }
    return { status: 200, headers, body, code: 0, entry };
  }
}
