/**
 * The simulator's request log (`GET /__sim/log`) as evidence: collecting it across its bound
 * (it keeps the last 2,000 answers) and checking from it that the dashboard respected every
 * Retry-After it received (the page's 429s, recorded in the browser, tell which 3001s reached it).
 */
import type { APIRequestContext, Page } from '@playwright/test';

/** One answer of the simulator; `at` is when the request arrived, on the simulator's clock (ms). */
export interface SimLogEntry {
  at: number;
  key?: string | null;
  path: string;
  status: number;
  code: number;
}

function isEntry(value: unknown): value is SimLogEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.at === 'number' && typeof entry.path === 'string' && typeof entry.status === 'number' && typeof entry.code === 'number';
}

export async function readSimLog(request: APIRequestContext, baseUrl?: string): Promise<SimLogEntry[]> {
  const response = await request.get(`${baseUrl ?? ''}/__sim/log`);
  if (!response.ok()) throw new Error(`log: ${String(response.status())} ${await response.text()}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body) || !body.every(isEntry)) throw new Error('log: not a list of {at, path, status, code}');
  return body;
}

function sameEntry(a: SimLogEntry, b: SimLogEntry): boolean {
  return a.at === b.at && a.path === b.path && a.status === b.status && a.code === b.code && (a.key ?? null) === (b.key ?? null);
}

/**
 * The entries of `snapshot` that `previous` (the snapshot before) did not have. The log is a
 * sliding window in answer order, so `snapshot` starts somewhere inside `previous` (or after it):
 * the longest head of `snapshot` that equals the tail of `previous` is the overlap.
 * Throws when there is no overlap although both have entries: more than the log's bound were
 * answered between the two reads, and entries were lost.
 */
export function newEntries(previous: readonly SimLogEntry[], snapshot: readonly SimLogEntry[]): SimLogEntry[] {
  const last = previous.at(-1);
  if (last === undefined) return [...snapshot];
  for (let end = Math.min(previous.length, snapshot.length) - 1; end >= 0; end--) {
    const candidate = snapshot[end];
    if (candidate === undefined || !sameEntry(candidate, last)) continue;
    const offset = previous.length - 1 - end;
    let matches = true;
    for (let i = 0; i < end && matches; i++) {
      const mine = snapshot[i];
      const theirs = previous[offset + i];
      matches = mine !== undefined && theirs !== undefined && sameEntry(mine, theirs);
    }
    if (matches) return snapshot.slice(end + 1);
  }
  if (snapshot.length === 0) return [];
  throw new Error('the simulator log overflowed between two reads: entries were lost (read it more often)');
}

/** Reads the log again and again, keeping every entry answered after `start()`. */
export class SimLogCollector {
  private last: SimLogEntry[] = [];
  private readonly kept: SimLogEntry[] = [];

  constructor(
    private readonly request: APIRequestContext,
    private readonly baseUrl?: string,
  ) {}

  /** Marks the beginning: what the log holds now is not collected. */
  async start(): Promise<void> {
    this.last = await readSimLog(this.request, this.baseUrl);
    this.kept.length = 0;
  }

  /** Reads the log and keeps what is new; returns the number of new entries. */
  async poll(): Promise<number> {
    const snapshot = await readSimLog(this.request, this.baseUrl);
    const added = newEntries(this.last, snapshot);
    this.kept.push(...added);
    this.last = snapshot;
    return added.length;
  }

  entries(): SimLogEntry[] {
    return [...this.kept];
  }
}

/**
 * Requests arriving this soon after a 3001 was answered count as already on their way: the
 * browser had sent them, or held them in its connection pool, which hands a queued request to the
 * connection the 3001 just freed before the page can read that answer.
 */
export const IN_FLIGHT_MS = 100;

/** A 3001 (HTTP 429) the page received: when, on the simulator's clock, and its Retry-After. */
export interface ReceivedLimit {
  path: string;
  receivedAt: number;
  retryAfterMs: number;
}

/**
 * Simulator clock minus wall clock, ms (the simulator may shift its clock; both then tick
 * together). The reading with the shortest round trip is kept; its error is within a few ms.
 */
export async function simClockOffset(request: APIRequestContext, baseUrl?: string): Promise<number> {
  let best = { roundTrip: Number.POSITIVE_INFINITY, offset: 0 };
  for (let reading = 0; reading < 5; reading++) {
    const before = Date.now();
    const response = await request.get(`${baseUrl ?? ''}/__sim/clock`);
    const after = Date.now();
    if (!response.ok()) throw new Error(`clock: ${String(response.status())}`);
    const { now } = (await response.json()) as { now: number };
    if (after - before < best.roundTrip) best = { roundTrip: after - before, offset: now - (before + after) / 2 };
  }
  return best.offset;
}

/**
 * Records every 429 the page receives, with the moment its first byte arrived (the browser's
 * resource timing) moved onto the simulator's clock by `offsetMs`. A 3001 the page never
 * received (its request cancelled first) is not here: the page could not have known of it.
 */
export function recordReceivedLimits(page: Page, offsetMs: number): ReceivedLimit[] {
  const received: ReceivedLimit[] = [];
  page.on('response', (response) => {
    if (response.status() !== 429) return;
    const timing = response.request().timing();
    const firstByte = timing.responseStart >= 0 ? timing.startTime + timing.responseStart : Date.now();
    const seconds = Number(response.headers()['retry-after']);
    received.push({
      path: new URL(response.url()).pathname,
      receivedAt: firstByte + offsetMs,
      retryAfterMs: Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000,
    });
  });
  return received;
}

export interface GateViolation {
  /** The 3001: when its request arrived (simulator clock) and its path. */
  limitedAt: number;
  limitedPath: string;
  /** The request that reached the simulator inside its window. */
  arrivedAt: number;
  arrivedPath: string;
  /** ms after the 3001 was answered. */
  afterAnswerMs: number;
}

export interface RateLimitReport {
  /** The simulator's 3001s: all, and those that reached the page (the rest were cancelled first). */
  logged: number;
  delivered: number;
  violations: GateViolation[];
  /** Requests that arrived within `inFlightMs` after an answer (excused: already on their way). */
  inFlight: number;
  /** The latest excused arrival, ms after the answer (-1 when none). */
  maxInFlightMs: number;
}

/**
 * The simulator's 3001s that reached the page: matched one to one, in order, with the 429s the
 * page received on the same path, within the answer delay and a generous slack for the clocks.
 */
function deliveredLimits(
  logged: readonly SimLogEntry[],
  received: readonly ReceivedLimit[],
  answerDelayMs: number,
): Array<{ entry: SimLogEntry; retryAfterMs: number }> {
  const unmatched = [...received].sort((a, b) => a.receivedAt - b.receivedAt);
  const delivered: Array<{ entry: SimLogEntry; retryAfterMs: number }> = [];
  for (const entry of logged) {
    const index = unmatched.findIndex(
      (limit) => limit.path === entry.path && limit.receivedAt >= entry.at - 50 && limit.receivedAt <= entry.at + answerDelayMs + 2_000,
    );
    const [limit] = index === -1 ? [] : unmatched.splice(index, 1);
    if (limit) delivered.push({ entry, retryAfterMs: limit.retryAfterMs });
  }
  return delivered;
}

/**
 * After each 3001 of the simulator's log that reached the page — its request arrived at `at`
 * and was answered at `at + answerDelayMs` — no request may arrive before Retry-After has passed:
 * none in [answer + inFlightMs, answer + Retry-After). The page closes its gate when it reads the
 * answer, which is after the answer left, so this window is within the one it keeps; all bounds
 * are on the simulator's clock.
 */
export function checkRateLimits(
  entries: readonly SimLogEntry[],
  received: readonly ReceivedLimit[],
  options: { inFlightMs: number; answerDelayMs: number },
): RateLimitReport {
  const byArrival = [...entries].sort((a, b) => a.at - b.at);
  const logged = byArrival.filter((entry) => entry.code === 3001);
  const delivered = deliveredLimits(logged, received, options.answerDelayMs);
  const report: RateLimitReport = { logged: logged.length, delivered: delivered.length, violations: [], inFlight: 0, maxInFlightMs: -1 };
  for (const { entry: limit, retryAfterMs } of delivered) {
    const answeredAt = limit.at + options.answerDelayMs;
    for (const other of byArrival) {
      if (other === limit || other.at < answeredAt) continue;
      const afterAnswerMs = other.at - answeredAt;
      if (afterAnswerMs >= retryAfterMs) break;
      if (afterAnswerMs < options.inFlightMs) {
        report.inFlight++;
        report.maxInFlightMs = Math.max(report.maxInFlightMs, afterAnswerMs);
      } else {
        report.violations.push({ limitedAt: limit.at, limitedPath: limit.path, arrivedAt: other.at, arrivedPath: other.path, afterAnswerMs });
      }
    }
  }
  return report;
}

/** The largest number of requests that arrived within any 60 s. */
export function busiestMinute(entries: readonly SimLogEntry[]): number {
  const times = entries.map((entry) => entry.at).sort((a, b) => a - b);
  let best = 0;
  let from = 0;
  for (let to = 0; to < times.length; to++) {
    while ((times[to] ?? 0) - (times[from] ?? 0) >= 60_000) from++;
    best = Math.max(best, to - from + 1);
  }
  return best;
}
