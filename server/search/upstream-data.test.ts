import { describe, expect, it } from 'vitest';
import { upstreamGet } from './upstream-data.ts';

function answers(...responses: (() => Response)[]) {
  const asked: string[] = [];
  const waits: number[] = [];
  const upstream = (target: string) => {
    asked.push(target);
    const next = responses.shift();
    return next ? Promise.resolve(next()) : Promise.reject(new Error('no more answers'));
  };
  const sleep = (ms: number) => {
    waits.push(ms);
    return Promise.resolve();
  };
  return { asked, waits, get: upstreamGet(upstream, { sleep, retryDelayMs: 100 }) };
}

const ok = (data: unknown) => () => Response.json({ code: 0, message: 'success', data });
const failure =
  (status: number, code: number, headers: Record<string, string> = {}) =>
  () =>
    Response.json({ code, message: 'x' }, { status, headers });

describe('upstreamGet', () => {
  it('unwraps the data of a successful envelope', async () => {
    const { get } = answers(ok([1, 2]));
    expect(await get('/v1/x')).toEqual([1, 2]);
  });

  it('tries a transient failure again, after Retry-After when the answer gives one', async () => {
    const { get, asked, waits } = answers(failure(429, 3001, { 'Retry-After': '2' }), failure(503, 5001), ok('fine'));
    expect(await get('/v1/x')).toBe('fine');
    expect(asked).toHaveLength(3);
    expect(waits).toEqual([2000, 200]);
  });

  it('gives up after three tries', async () => {
    const { get, asked } = answers(failure(500, 5000), failure(500, 5000), failure(500, 5000), ok('late'));
    await expect(get('/v1/x?a=1')).rejects.toThrow('/v1/x: HTTP 500, code 5000');
    expect(asked).toHaveLength(3);
  });

  it('does not try again what another try cannot fix', async () => {
    const { get, asked } = answers(failure(403, 1004), ok('late'));
    await expect(get('/v1/x')).rejects.toMatchObject({ code: 1004 });
    expect(asked).toHaveLength(1);
  });

  it('does not wait out a Retry-After beyond its bound', async () => {
    const { get, asked } = answers(failure(429, 3001, { 'Retry-After': '3600' }), ok('late'));
    await expect(get('/v1/x')).rejects.toThrow(/3001/);
    expect(asked).toHaveLength(1);
  });

  it('reads a compressed answer and refuses a body that is not JSON', async () => {
    const { gzipSync } = await import('node:zlib');
    const zipped = () => new Response(gzipSync(JSON.stringify({ code: 0, data: 'zipped' })), { headers: { 'Content-Encoding': 'gzip' } });
    expect(await answers(zipped).get('/v1/x')).toBe('zipped');
    await expect(answers(() => new Response('<html>')).get('/v1/x')).rejects.toThrow(/not JSON/);
  });
});
