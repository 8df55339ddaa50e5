/**
 * The standalone simulator (`npm run sim`) answers browsers from any origin, preflight included,
 * as the public service does; the Chartroom server keeps its own rule (no CORS without CORS_ORIGINS).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChartroom, startStandaloneSimulator, type RunningChartroom, type StandaloneSimulator } from '../realtime/test-support.ts';

const ORIGIN = 'http://page.elsewhere.example';

describe('CORS of the standalone simulator', () => {
  let sim: StandaloneSimulator;
  let chartroom: RunningChartroom;

  beforeAll(async () => {
    sim = await startStandaloneSimulator();
    chartroom = await startChartroom({ CLIENT_RATE_LIMIT: '0' });
  });
  afterAll(async () => {
    await chartroom.stop();
    await sim.stop();
  });

  it('answers the preflight of a GET with X-API-Key from any origin', async () => {
    const response = await fetch(`http://127.0.0.1:${sim.port}/v1/market/ticker?symbols=AAPL.US`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('lets the page read answers, errors included, and Retry-After', async () => {
    const ok = await fetch(`http://127.0.0.1:${sim.port}/v1/market/ticker?symbols=AAPL.US`, { headers: { Origin: ORIGIN, 'X-API-Key': 'demo-enterprise' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(await ok.json()).toMatchObject({ code: 0, data: [{ symbol: 'AAPL.US' }] });
    const refused = await fetch(`http://127.0.0.1:${sim.port}/v1/market/ticker?symbols=AAPL.US`, { headers: { Origin: ORIGIN } });
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(await refused.json()).toMatchObject({ code: 1002 });
    expect(ok.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });

  it('keeps its controls same-origin', async () => {
    const response = await fetch(`http://127.0.0.1:${sim.port}/__sim/clock`, { headers: { Origin: ORIGIN } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('while the Chartroom server sends no CORS headers without CORS_ORIGINS', async () => {
    const preflight = await fetch(`http://127.0.0.1:${chartroom.port}/v1/market/ticker?symbols=AAPL.US`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const answer = await fetch(`http://127.0.0.1:${chartroom.port}/v1/market/ticker?symbols=AAPL.US`, { headers: { Origin: ORIGIN } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});
