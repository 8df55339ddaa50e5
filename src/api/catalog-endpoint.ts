/**
 * The server's catalogue index (`GET /chartroom/catalog`, shared/catalog.ts): every instrument
 * with its names and pinyin, downloaded once for the search. Not a contract path, so not through
 * apiGet, but failing with the same ApiError, so the retry policy and error texts apply.
 */
import { CATALOG_PATH, CATALOG_VERSION, CATALOG_VERSIONS_READ, type CatalogIndex } from '#shared/catalog.ts';
import { MARKETS, PRODUCT_TYPES } from '#shared/contract.ts';
import { ApiError, parseRetryAfter } from './api-error';
import type { RequestOptions } from './client';
import * as z from './schema';

const entrySchema = z.tuple([
  z.string(),
  z.enum(PRODUCT_TYPES),
  z.enum(MARKETS),
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.string(),
  z.number(),
]);

const catalogSchema = z.object({
  version: z
    .number()
    .check((version) =>
      (CATALOG_VERSIONS_READ as readonly number[]).includes(version) ? undefined : `format ${String(version)}, expected ${CATALOG_VERSIONS_READ.join(' or ')}`,
    ),
  lastUpdated: z.string(),
  entries: z.array(entrySchema),
});

/** A format 2 document (an older server's) as format 3: its entries have no size, read as 0 (unknown). */
function upgraded(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('version' in body) || body.version !== 2 || !('entries' in body) || !Array.isArray(body.entries))
    return body;
  return { ...body, entries: body.entries.map((entry: unknown) => (Array.isArray(entry) && entry.length === 9 ? [...(entry as unknown[]), 0] : entry)) };
}

function envelopeCode(body: unknown): number | undefined {
  return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'number' ? body.code : undefined;
}

export async function fetchCatalog(options: RequestOptions = {}): Promise<CatalogIndex> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(CATALOG_PATH, { headers: { Accept: 'application/json' }, ...(options.signal && { signal: options.signal }) });
    text = await response.text();
  } catch (cause) {
    if (options.signal?.aborted === true) throw cause;
    throw new ApiError({ kind: 'network', path: CATALOG_PATH, status: 0, message: 'Network error loading the symbol catalogue', cause });
  }
  const { status } = response;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (cause) {
    throw new ApiError({
      kind: response.ok ? 'malformed' : 'http',
      path: CATALOG_PATH,
      status,
      message: `The symbol catalogue answered HTTP ${String(status)} without JSON`,
      cause,
    });
  }
  if (!response.ok) {
    const code = envelopeCode(body);
    const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));
    throw new ApiError({
      kind: code === undefined ? 'http' : 'api',
      path: CATALOG_PATH,
      status,
      message: `The symbol catalogue is unavailable (HTTP ${String(status)})`,
      ...(code !== undefined && { rawCode: code }),
      ...(retryAfterMs !== undefined && { retryAfterMs }),
    });
  }
  const parsed = catalogSchema.safeParse(upgraded(body));
  if (!parsed.success)
    throw new ApiError({ kind: 'malformed', path: CATALOG_PATH, status, message: `The symbol catalogue has an unexpected shape: ${parsed.error.message}` });
  return { ...parsed.data, version: CATALOG_VERSION };
}
