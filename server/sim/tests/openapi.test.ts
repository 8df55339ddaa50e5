/**
 * Every simulator answer validates against the public OpenAPI schema of the same path
 * (a copy of ../shared/reference/tickdb-1.0.3/openapi.en.yaml in ./reference, MIT, so a clone tests alone), for a spread of symbols and markets.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONTRACT_PATHS, type ContractPath } from '#shared/contract.ts';
import { frozenSimulator } from '../test-support.ts';

const SPEC_PATH = fileURLToPath(new URL('./reference/tickdb-1.0.3/openapi.en.yaml', import.meta.url));
interface Spec {
  components: Record<string, unknown>;
  paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }>;
}
const spec = parse(readFileSync(SPEC_PATH, 'utf8')) as Spec;

const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ $id: 'openapi', components: spec.components });

/** Rewrites local `#/components/...` references to the registered document. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' ? `openapi${value}` : rebase(value)]),
    );
  }
  return schema;
}

/** The OpenAPI has no entry for the periods endpoint: its shape from §2.12 of the contract. */
const INTERVALS_SCHEMA = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { const: 0 },
    message: { type: 'string' },
    data: {
      type: 'object',
      required: ['count', 'description', 'intervals'],
      additionalProperties: false,
      properties: {
        count: { type: 'integer' },
        description: { type: 'string' },
        intervals: { type: 'array', items: { enum: ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '1d', '1w', '1M'] } },
      },
    },
  },
};

function validatorFor(path: ContractPath) {
  const schema = spec.paths[path]?.get.responses['200']?.content?.['application/json']?.schema;
  if (!schema && path === '/v1/market/intervals/kline') return ajv.compile(INTERVALS_SCHEMA);
  if (!schema) throw new Error(`no 200 schema for ${path}`);
  return ajv.compile(rebase(schema) as object);
}

const REQUESTS: Record<ContractPath, string[]> = {
  '/v1/symbols/available': ['', '?market=CN&limit=1000', '?type=crypto', '?market=hk&type=stock&offset=2000&limit=1000'],
  '/v1/market/kline': [
    '?symbol=AAPL.US&interval=1d&limit=50&adjust=forward',
    '?symbol=700.HK&interval=1m&limit=1000',
    '?symbol=AU2612&interval=1h',
    '?symbol=BTCUSDT&interval=1M&limit=24',
    '?symbol=EURUSD&interval=1w',
    '?symbol=SPX&interval=4h',
  ],
  '/v1/market/kline/latest': ['?symbols=AAPL.US,00700.HK,600519.SH,AU2612,BTCUSDT,EURUSD,HSI&interval=3m', '?symbols=AAPL.US&interval=1M&adjust=backward'],
  '/v1/market/trades': ['?symbol=AAPL.US&limit=1000', '?symbol=RB2701', '?symbol=ETHUSDT&limit=20', '?symbol=000001.SZ'],
  '/v1/market/ticker': ['?symbols=AAPL.US,700.HK,600519.SH,430047.BJ,AU2612,BTCUSDT,EURUSD,XAUUSD,SPX,HSI'],
  '/v1/market/ticker/hk-stock': [''],
  '/v1/market/stock-info': ['?symbols=700.HK,AAPL.US,000001.SZ,601318.SH,9988.HK'],
  '/v1/market/intraday': ['?symbols=700.HK,AAPL.US,600519.SH'],
  '/v1/market/trading-sessions': ['', '?market=HK'],
  '/v1/market/intervals/kline': [''],
  '/v1/market/trade-days': ['?market=US&beg_day=20261101&end_day=20261130', '?market=hk&beg_day=20261201&end_day=20261231'],
  '/v1/market/kline/ex-factors': ['?symbols=AAPL.US,700.HK,600519.SH,NVDA.US'],
  '/v1/market/depth': ['?symbol=700.HK', '?symbol=AAPL.US', '?symbol=600519.SH&type=stock', '?symbol=RB2701', '?symbol=BTCUSDT'],
  '/v1/market/ticker/us-stock': [''],
  '/v1/market/ticker/cn-stock': [''],
};

describe('simulator answers validate against the public OpenAPI', () => {
  // HK's morning and US overnight, US regular hours, a Saturday, US pre-market and post-market.
  for (const iso of ['2026-11-25T02:30:00Z', '2026-11-25T15:30:00Z', '2026-11-28T12:00:00Z', '2026-11-25T13:00:00Z', '2026-11-25T22:00:00Z']) {
    const sim = frozenSimulator(iso);
    // Trade-days windows must start within the year before the clock.
    it.each(CONTRACT_PATHS.map((path) => [path]))(
      `%s at ${iso}`,
      async (path) => {
        const validate = validatorFor(path);
        for (const query of REQUESTS[path]) {
          const response = await sim.app.request(`${path}${query}`, { headers: { 'X-API-Key': 'demo-enterprise', 'Accept-Encoding': 'gzip' } });
          const bytes = Buffer.from(await response.arrayBuffer());
          const text = response.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes).toString() : bytes.toString();
          const body = JSON.parse(text) as { code: number };
          if (path === '/v1/market/trade-days' && query.includes('20261201') && iso < '2026-12-01') {
            expect(body.code).toBe(2003);
            continue;
          }
          expect(body.code, `${path}${query}`).toBe(0);
          const valid = validate(body);
          expect(valid ? [] : validate.errors?.slice(0, 5), `${path}${query}`).toEqual([]);
        }
        // The full-market tickers of ~5,000 US and A-share stocks compute every day window cold.
      },
      60_000,
    );
  }
});
