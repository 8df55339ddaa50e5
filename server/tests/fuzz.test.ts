/**
 * Fuzzing with fast-check (fixed seed): generated query strings, from the real parameter names
 * and junk, with weird values (unicode, huge, negative, fractional, empty, repeated, percent-
 * encoded, long), to every contract endpoint. Every answer must be a well-formed envelope with a
 * contract code and a status below 500: in process against the simulator (thousands of cases),
 * then through the forwarder over sockets in front of it (hundreds).
 */
import fc from 'fast-check';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_PATHS, ERROR_CODES, type ContractPath } from '#shared/contract.ts';
import { MAX_TARGET_LENGTH } from '../request-target.ts';
import { createSimulator } from '../sim/app.ts';
import { rawRequest } from '../test-support/raw-http.ts';
import { startStack, type Stack } from '../test-support/stack.ts';

const SEED = 20_261_125;
const RUNS_PER_ENDPOINT = 400;
/** The full HK list is large to build and compress: fewer cases (its parameters are ignored anyway). */
const RUNS_HK_TICKER = 40;
const RUNS_THROUGH_FORWARDER = 300;
const HK_TICKER: ContractPath = '/v1/market/ticker/hk-stock';
const LATEST: ContractPath = '/v1/market/kline/latest';

const CONTRACT_CODES: ReadonlySet<number> = new Set(Object.values(ERROR_CODES));
/** The latest-K-line endpoint's own error bodies (§7 rule 1). */
const LATEST_QUIRK_CODES: ReadonlySet<number> = new Set([400, 401]);

const PARAM_NAMES = ['symbol', 'symbols', 'interval', 'limit', 'start_time', 'end_time', 'type', 'market', 'offset', 'adjust', 'beg_day', 'end_day'];
const JUNK_NAMES = ['SYMBOL', 'Symbols', 'symbols[]', 'limit ', ' type', '', 'api_key', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'x'];
const REAL_VALUES = [
  'AAPL.US',
  '700.HK',
  '00700.HK',
  '0700.HK',
  'HSI',
  'BTCUSDT',
  'BTCUSD',
  'EURUSD',
  'XAUUSD',
  '600519.SH',
  '000001.SZ',
  '430047.BJ',
  'rb2501',
  'RB2501.SHFE',
  'SPX',
  '1m',
  '3m',
  '5m',
  '1h',
  '2h',
  '4h',
  '1d',
  '1w',
  '1M',
  'stock',
  'crypto',
  'forex',
  'indices',
  'futures',
  'US',
  'HK',
  'CN',
  'GLOBAL',
  'us',
  'hk',
  'none',
  'forward',
  'backward',
  '20261125',
  '20261101',
  '20251126',
  '20260229',
  '20261231',
  '1764057600000',
  '1700000000000',
];
const WEIRD_VALUES = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '1.5',
  '1e3',
  '1e400',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1_000',
  '+5',
  '00000000000000000001',
  '9'.repeat(40),
  ',',
  ',,',
  'AAPL.US,',
  ',AAPL.US',
  'null',
  'undefined',
  '[]',
  '{}',
  '%',
  '%zz',
  '\u0000',
  '\ud800',
  '\u202e',
  '𝕏',
  '七百',
  'ＡＡＰＬ.US',
];

const value: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...REAL_VALUES) },
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_VALUES) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 5_000_000_000_000 }).map(String) },
  { weight: 1, arbitrary: fc.stringMatching(/^\d{8}$/) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...REAL_VALUES.slice(0, 15), ''), { maxLength: 60 }).map((items) => items.join(',')) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('A', '7', ',', '%41'), fc.integer({ min: 500, max: 3_000 })).map(([unit, count]) => unit.repeat(count)) },
);

const name: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PARAM_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...JUNK_NAMES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);

/** How a piece of the query is written: properly encoded, raw, or with every byte %-escaped. */
const encoding = fc.constantFrom('component', 'raw', 'bytes', 'upper-bytes');

function encode(text: string, how: string): string {
  switch (how) {
    case 'component':
      return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));
    case 'bytes':
    case 'upper-bytes': {
      const escaped = [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
      return how === 'bytes' ? escaped : escaped.toUpperCase();
    }
    default:
      return text;
  }
}

interface Case {
  path: ContractPath;
  query: string;
  acceptEncoding: string;
}

const pair = fc
  .tuple(name, value, encoding, fc.boolean())
  .map(([key, text, how, withEquals]) => (withEquals ? `${encode(key, how)}=${encode(text, how)}` : encode(key, how)));
const query: fc.Arbitrary<string> = fc
  .tuple(fc.array(pair, { maxLength: 8 }), fc.constantFrom('&', '&', '&', ';', '&&'))
  .map(([pairs, separator]) => pairs.join(separator));
const acceptEncoding = fc.constantFrom('gzip, deflate, br', 'gzip', 'br', 'identity', '', 'gzip;q=0', '*', 'br;q=0.5, gzip;q=0.4');

function caseFor(path: ContractPath): fc.Arbitrary<Case> {
  return fc.record({ path: fc.constant(path), query, acceptEncoding });
}

function decode(body: Buffer, coding: string | null | undefined): Buffer {
  if (coding === 'gzip') return gunzipSync(body);
  if (coding === 'br') return brotliDecompressSync(body);
  return body;
}

/** Why an answer is not a well-formed contract envelope, or undefined when it is. */
function envelopeProblem(path: ContractPath, status: number, body: Buffer): string | undefined {
  if (status >= 500) return `HTTP ${status}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return `not JSON: ${body.toString('utf8').slice(0, 80)}`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'not a JSON object';
  const { code, message, data } = parsed as { code?: unknown; message?: unknown; data?: unknown };
  if (typeof code !== 'number' || !Number.isInteger(code)) return `code ${String(code)}`;
  const known = CONTRACT_CODES.has(code) || (path === LATEST && LATEST_QUIRK_CODES.has(code));
  if (!known) return `code ${code} is not a contract code`;
  if ((code === 0) !== (status === 200)) return `code ${code} with HTTP ${status}`;
  if (code !== 0 && typeof message !== 'string') return 'error without a message';
  if (code === 0 && data === undefined) return 'success without data';
  if (message !== undefined && typeof message !== 'string') return 'message is not a string';
  return undefined;
}

let cases = 0;
afterAll(() => {
  console.log(`fuzz cases run: ${cases} (seed ${SEED})`);
});

describe('fuzzing the simulator in process', () => {
  const sim = createSimulator({ clock: { now: Date.parse('2026-11-25T15:00:00Z'), frozen: true }, limits: { ratePerMinute: 100_000_000 } });

  it.each(CONTRACT_PATHS)(
    '%s answers every generated query with a contract envelope',
    async (path) => {
      await fc.assert(
        fc.asyncProperty(caseFor(path), async (generated) => {
          cases += 1;
          const url = `http://localhost${generated.path}${generated.query === '' ? '' : `?${generated.query}`}`;
          const response = await sim.app.request(url, { headers: { 'X-API-Key': 'demo-enterprise', 'Accept-Encoding': generated.acceptEncoding } });
          const body = decode(Buffer.from(await response.arrayBuffer()), response.headers.get('content-encoding'));
          const problem = envelopeProblem(generated.path, response.status, body);
          expect(problem, `${url} → ${response.status} ${body.toString().slice(0, 200)}`).toBeUndefined();
        }),
        { seed: SEED, numRuns: path === HK_TICKER ? RUNS_HK_TICKER : RUNS_PER_ENDPOINT, endOnFailure: true },
      );
    },
    120_000,
  );
});

describe('fuzzing through the forwarder over sockets', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      limits: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000, maxHeaderBytes: 16 * 1024 },
      env: () => ({ CLIENT_RATE_LIMIT: '0' }),
    });
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** What node:http will put on the wire as is: characters outside \x21-\xff are %-escaped. */
  function onTheWire(text: string): string {
    return text.replace(/[^\x21-\xff]/gu, (char) => encodeURIComponent(char.replace(/[\ud800-\udfff]/gu, '\ufffd')));
  }

  it('answers every generated request with a contract envelope, never a 5xx', async () => {
    const paths = CONTRACT_PATHS.filter((path) => path !== HK_TICKER);
    const arbitrary = fc.oneof(
      ...paths.map(caseFor),
      caseFor(HK_TICKER).map((generated) => ({ ...generated, query: '' })),
    );
    await fc.assert(
      fc.asyncProperty(arbitrary, async (generated) => {
        cases += 1;
        const target = `${generated.path}${generated.query === '' ? '' : `?${onTheWire(generated.query)}`}`;
        const answer = await rawRequest(stack.port, target, { 'Accept-Encoding': generated.acceptEncoding, 'X-API-Key': 'demo-free' });
        const body = decode(answer.body, answer.headers['content-encoding']);
        const problem = envelopeProblem(generated.path, answer.status, body);
        expect(problem, `${target} → ${answer.status} ${body.toString().slice(0, 200)}`).toBeUndefined();
        // Past 8 KiB the server's own guard answers (414), past 16 KiB Node's header limit (431).
        if (target.length > MAX_TARGET_LENGTH) expect([414, 431]).toContain(answer.status);
        else expect(answer.headers['x-chartroom-source']).toBe('upstream');
      }),
      { seed: SEED, numRuns: RUNS_THROUGH_FORWARDER, endOnFailure: true },
    );
  }, 120_000);
});
