/**
 * The envelope `code` of an answer, for the request counter, without buffering large bodies:
 * modules that know it (the K-line cache) note it per request; otherwise it is read from the
 * first bytes of an uncompressed JSON body (every envelope this server or the simulator writes,
 * and the upstream's, starts with `{"code":`). Anything else is unknown.
 */

const known = new WeakMap<Request, number>();

/** Records the code of the answer to `request` (cheaper and surer than reading the body). */
export function noteEnvelopeCode(request: Request, code: number): void {
  known.set(request, code);
}

export function notedEnvelopeCode(request: Request): number | undefined {
  return known.get(request);
}

const LEADING_CODE = /^\s*\{\s*"code"\s*:\s*(-?\d{1,9})\s*[,}]/;
const PEEK_BYTES = 64;
const decoder = new TextDecoder();

/** Whether a body with these headers can be read for its code: uncompressed JSON. */
function isPlainJson(contentType: string | null, contentEncoding: string | null): boolean {
  return /^application\/json\b/i.test(contentType ?? '') && (contentEncoding === null || contentEncoding === 'identity');
}

/** The code at the head of body bytes (the first chunk is enough). */
function leadingCode(bytes: Uint8Array): number | undefined {
  const match = LEADING_CODE.exec(decoder.decode(bytes.subarray(0, PEEK_BYTES)));
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** The code of a body held in memory (the forwarder's), without a Response around it. */
export function envelopeCodeOfBody(contentType: string | null, contentEncoding: string | null, body: Uint8Array): number | undefined {
  return isPlainJson(contentType, contentEncoding) ? leadingCode(body) : undefined;
}

/** The code at the head of a JSON body; reads one chunk of a clone and cancels it. */
export async function peekEnvelopeCode(response: Response): Promise<number | undefined> {
  if (response.body === null || !isPlainJson(response.headers.get('content-type'), response.headers.get('content-encoding'))) return undefined;
  const reader = response.clone().body?.getReader();
  if (reader === undefined) return undefined;
  try {
    const first = await reader.read();
    return first.done ? undefined : leadingCode(first.value);
  } catch {
    return undefined;
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
