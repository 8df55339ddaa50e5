/**
 * The one catalogue index of this server, shared by every browser. Built on the first request
 * (concurrent first requests wait for the same build); afterwards a request finding the last check
 * older than `checkIntervalMs` starts, in the background, a check of the product list's
 * `last_updated` (one request, `limit=1`) and rebuilds only when it changed, so an idle server asks
 * nothing and a busy one asks a few times a day. A failed build or check is tried again after a
 * backoff that doubles up to `maxBackoffMs`, while the index in hand keeps serving.
 */
import type { CatalogIndex } from '#shared/catalog.ts';
import { buildCatalogIndex, fetchLastUpdated } from './catalog-build.ts';
import { encodeDocument, type EncodedDocument } from './encoded-document.ts';
import { loadPinyin, type PinyinOf } from './pinyin.ts';
import { upstreamGet, type CatalogUpstream, type UpstreamGetOptions } from './upstream-data.ts';

export interface CatalogServiceOptions {
  upstream: CatalogUpstream;
  /** How old the last check of `last_updated` may get before a request starts another. */
  checkIntervalMs: number;
  /** First wait after a failure; doubled per failure in a row. Default 15 s. */
  backoffMs?: number;
  /** Bound of that wait. Default 15 min. */
  maxBackoffMs?: number;
  /** Monotonic ms; default performance.now. */
  now?: () => number;
  log?: (line: string) => void;
  /** Retries of each upstream request (tests shorten the waits). */
  requests?: UpstreamGetOptions;
  /** Default: pinyin-pro, loaded on the first build. */
  pinyin?: () => Promise<PinyinOf>;
}

export interface CatalogDocument {
  index: CatalogIndex;
  encoded: EncodedDocument;
}

export type CatalogAnswer = { kind: 'ready'; document: CatalogDocument } | { kind: 'unavailable'; retryAfterMs: number };

export interface CatalogService {
  /** The index in hand, after building the first one if need be. */
  document(): Promise<CatalogAnswer>;
  /** The background check or build under way, if any (tests wait for it). */
  readonly pending: Promise<void> | undefined;
}

export function createCatalogService(options: CatalogServiceOptions): CatalogService {
  const now = options.now ?? (() => performance.now());
  const backoffMs = options.backoffMs ?? 15_000;
  const maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
  const log = options.log ?? (() => undefined);
  const get = upstreamGet(options.upstream, options.requests);
  const pinyin = options.pinyin ?? loadPinyin;
  let current: CatalogDocument | undefined;
  let checkedAt = 0;
  let inFlight: Promise<void> | undefined;
  let failures = 0;
  let nextAttemptAt = 0;

  const build = async (): Promise<void> => {
    const started = now();
    const index = await buildCatalogIndex(get, await pinyin());
    current = { index, encoded: await encodeDocument(index) };
    const { br, identity } = current.encoded;
    log(
      `chartroom: catalogue index built: ${String(index.entries.length)} instruments, ${String(identity.bytes.length)} bytes (${String(br.bytes.length)} brotli) in ${String(Math.round(now() - started))} ms`,
    );
  };

  const refresh = async (): Promise<void> => {
    try {
      if (current === undefined || (await fetchLastUpdated(get)) !== current.index.lastUpdated) await build();
      checkedAt = now();
      failures = 0;
    } catch (error) {
      failures += 1;
      const wait = Math.min(backoffMs * 2 ** (failures - 1), maxBackoffMs);
      nextAttemptAt = now() + wait;
      const reason = error instanceof Error ? error.message : 'unknown error';
      log(
        `chartroom: catalogue ${current === undefined ? 'build' : 'check'} failed (${reason}); next try in ${String(Math.round(wait / 1000))} s${current === undefined ? '' : ', the previous index keeps serving'}`,
      );
    }
  };

  const start = (): Promise<void> => {
    inFlight ??= refresh().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  return {
    async document() {
      const time = now();
      const due = current === undefined || time - checkedAt >= options.checkIntervalMs;
      if (due && inFlight === undefined && time >= nextAttemptAt) void start();
      if (current === undefined && inFlight !== undefined) await inFlight;
      return current === undefined ? { kind: 'unavailable', retryAfterMs: Math.max(nextAttemptAt - now(), 1_000) } : { kind: 'ready', document: current };
    },
    get pending() {
      return inFlight;
    },
  };
}
