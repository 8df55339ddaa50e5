/**
 * `GET /chartroom/catalog`: the catalogue index as one JSON document, brotli or gzip per
 * Accept-Encoding, with a strong ETag; a browser that holds this version gets 304. It is revalidated
 * on every use (`no-cache`): the answer is tiny when nothing changed, and a new index reaches
 * the browser as soon as the server has it. While no index could be built yet: 503 `5001` with
 * Retry-After.
 */
import type { Handler } from 'hono';
import { ERROR_CODES, ERROR_MESSAGES } from '#shared/contract.ts';
import { acceptsCoding } from '../accept-encoding.ts';
import { errorResponse } from '../upstream/envelope.ts';
import type { CatalogService } from './catalog-service.ts';
import { CODINGS, type Coding, type EncodedDocument } from './encoded-document.ts';

const { DATA_SOURCE_UNAVAILABLE } = ERROR_CODES;

function chooseCoding(acceptEncoding: string | null): Coding {
  return CODINGS.find((coding) => coding === 'identity' || acceptsCoding(acceptEncoding, coding)) ?? 'identity';
}

/** If-None-Match against any representation of this version (weak comparison, RFC 9110 §13.1.2). */
function holdsThisVersion(ifNoneMatch: string | null, document: EncodedDocument): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const held = new Set(ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, '')));
  return CODINGS.some((coding) => held.has(document[coding].etag));
}

/** The bytes as a view, not a copy (the same buffer serves every request). */
function bodyOf(bytes: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

export function catalogRoute(service: CatalogService): Handler {
  return async (c) => {
    const answer = await service.document();
    if (answer.kind === 'unavailable') {
      return errorResponse(503, DATA_SOURCE_UNAVAILABLE, `${ERROR_MESSAGES[DATA_SOURCE_UNAVAILABLE]}: the symbol catalogue is not built yet`, {
        'Retry-After': String(Math.ceil(answer.retryAfterMs / 1000)),
        'Cache-Control': 'no-store',
      });
    }
    const { encoded } = answer.document;
    const coding = chooseCoding(c.req.header('accept-encoding') ?? null);
    const representation = encoded[coding];
    const headers: Record<string, string> = {
      ETag: representation.etag,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    };
    if (holdsThisVersion(c.req.header('if-none-match') ?? null, encoded)) return new Response(null, { status: 304, headers });
    headers['Content-Type'] = 'application/json; charset=utf-8';
    headers['Content-Length'] = String(representation.bytes.length);
    if (coding !== 'identity') headers['Content-Encoding'] = coding;
    return new Response(c.req.method === 'HEAD' ? null : bodyOf(representation.bytes), { headers });
  };
}
