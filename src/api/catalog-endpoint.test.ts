import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOG_PATH } from '#shared/catalog.ts';
import { simulatorCatalogIndex } from '../lib/catalog-index.test-support';
import { isApiError } from './api-error';
import { fetchCatalog } from './catalog-endpoint';

function answer(body: string, init: ResponseInit = {}) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(body, init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchCatalog', () => {
  it('reads the index the server builds from the simulator', async () => {
    const index = await simulatorCatalogIndex();
    const fetchMock = answer(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } });
    expect(await fetchCatalog()).toEqual(index);
    expect(fetchMock).toHaveBeenCalledWith(CATALOG_PATH, expect.anything());
  });

  it('fails with an ApiError carrying the envelope code and Retry-After when the server has no index yet', async () => {
    answer(JSON.stringify({ code: 5001, message: 'Data source unavailable' }), { status: 503, headers: { 'Retry-After': '15' } });
    const error: unknown = await fetchCatalog().catch((caught: unknown) => caught);
    expect(isApiError(error) && { kind: error.kind, code: error.code, status: error.status, retryAfterMs: error.retryAfterMs, path: error.path }).toEqual({
      kind: 'api',
      code: 5001,
      status: 503,
      retryAfterMs: 15_000,
      path: CATALOG_PATH,
    });
  });

  it('refuses a page that is not JSON, another shape, or another format version', async () => {
    answer('<html>proxy error</html>', { status: 502 });
    await expect(fetchCatalog()).rejects.toMatchObject({ kind: 'http', status: 502 });
    answer(JSON.stringify({ version: 3, lastUpdated: 'x', entries: [['A', 'bonds', 'US', 'a', '', '', '', '', '', 0]] }));
    await expect(fetchCatalog()).rejects.toMatchObject({ kind: 'malformed', message: expect.stringContaining('entries.0.1') as unknown });
    answer(JSON.stringify({ version: 1, lastUpdated: 'x', entries: [] }));
    await expect(fetchCatalog()).rejects.toMatchObject({ kind: 'malformed', message: expect.stringContaining('format 1') as unknown });
  });

  it('reads an older server’s format 2 index, its instruments of unknown size (0)', async () => {
    answer(JSON.stringify({ version: 2, lastUpdated: 'x', entries: [['A.US', 'stock', 'US', 'A', '', '', '', '', '']] }));
    expect(await fetchCatalog()).toEqual({ version: 3, lastUpdated: 'x', entries: [['A.US', 'stock', 'US', 'A', '', '', '', '', '', 0]] });
  });

  it('fails as a network error when no answer comes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchCatalog()).rejects.toMatchObject({ kind: 'network', status: 0 });
  });
});
