import { describe, expect, it } from 'vitest';
import { simUpstream } from './catalog-test-support.ts';
import { createCatalogService, type CatalogAnswer, type CatalogServiceOptions } from './catalog-service.ts';

const HOUR = 3_600_000;

function service(options: Partial<CatalogServiceOptions> = {}) {
  const sim = simUpstream();
  let time = 0;
  const lines: string[] = [];
  const catalog = createCatalogService({
    upstream: sim.upstream,
    checkIntervalMs: 4 * HOUR,
    backoffMs: 10_000,
    maxBackoffMs: 40_000,
    now: () => time,
    log: (line) => lines.push(line),
    requests: { attempts: 1 },
    // No pinyin dictionary: these tests are about when the index is built, not what it holds.
    pinyin: () => Promise.resolve(() => ''),
    ...options,
  });
  return {
    sim,
    catalog,
    lines,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

function lastUpdatedOf(answer: CatalogAnswer): string | undefined {
  return answer.kind === 'ready' ? answer.document.index.lastUpdated : undefined;
}

describe('createCatalogService', () => {
  it('builds once for concurrent first requests (single flight)', async () => {
    const { sim, catalog } = service();
    const answers = await Promise.all([catalog.document(), catalog.document(), catalog.document()]);
    expect(answers.map((answer) => answer.kind)).toEqual(['ready', 'ready', 'ready']);
    expect(new Set(answers.map((answer) => (answer.kind === 'ready' ? answer.document : undefined))).size).toBe(1);
    expect(sim.targets).toHaveLength(9);
  });

  it('asks nothing more until the check interval has passed, then checks last_updated with one request', async () => {
    const { sim, catalog, advance } = service();
    await catalog.document();
    advance(4 * HOUR - 1);
    await catalog.document();
    expect(sim.targets).toHaveLength(9);
    advance(1);
    await catalog.document();
    await catalog.pending;
    expect(sim.targets.slice(9)).toEqual(['/v1/symbols/available?limit=1']);
    // Checked: the next check is another interval away.
    await catalog.document();
    expect(sim.targets).toHaveLength(10);
  });

  it('rebuilds when last_updated changed, serving the old index until the new one is ready', async () => {
    const { sim, catalog, advance } = service();
    const first = await catalog.document();
    sim.lastUpdated = '2026-11-25T08:00:00+08:00';
    advance(4 * HOUR);
    // The request that starts the check is answered at once, from the index in hand.
    expect(lastUpdatedOf(await catalog.document())).toBe('2026-11-02T08:00:00+08:00');
    await catalog.pending;
    const second = await catalog.document();
    expect(lastUpdatedOf(second)).toBe('2026-11-25T08:00:00+08:00');
    expect(sim.targets).toHaveLength(9 + 1 + 9);
    expect(second.kind === 'ready' && first.kind === 'ready' && second.document.encoded.identity.etag !== first.document.encoded.identity.etag).toBe(true);
  });

  it('keeps serving the old index when a check fails, and tries again after a doubling backoff', async () => {
    const { sim, catalog, advance, lines } = service();
    await catalog.document();
    sim.failWith = { status: 503, code: 5001 };
    advance(4 * HOUR);
    await catalog.document();
    await catalog.pending;
    expect(lines.at(-1)).toMatch(/check failed .*next try in 10 s, the previous index keeps serving/);
    advance(9_999);
    expect((await catalog.document()).kind).toBe('ready');
    expect(catalog.pending).toBeUndefined();
    advance(1);
    await catalog.document();
    await catalog.pending;
    expect(lines.at(-1)).toMatch(/next try in 20 s/);
    sim.failWith = undefined;
    sim.lastUpdated = 'changed';
    advance(20_000);
    await catalog.document();
    await catalog.pending;
    expect(lastUpdatedOf(await catalog.document())).toBe('changed');
  });

  it('answers unavailable with the wait when no index could be built yet, then builds after the backoff', async () => {
    const { sim, catalog, advance } = service();
    sim.failWith = { status: 500, code: 5000 };
    expect(await catalog.document()).toEqual({ kind: 'unavailable', retryAfterMs: 10_000 });
    const asked = sim.targets.length;
    advance(4_000);
    // Within the backoff: no new attempt.
    expect(await catalog.document()).toEqual({ kind: 'unavailable', retryAfterMs: 6_000 });
    expect(sim.targets).toHaveLength(asked);
    sim.failWith = undefined;
    advance(6_000);
    expect((await catalog.document()).kind).toBe('ready');
  });
});
