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

/** The code at the head of a JSON body; reads one chunk of a clone and cancels it. */
export async function peekEnvelopeCode(response: Response): Promise<number | undefined> {
  const type = response.headers.get('content-type') ?? '';
  const coding = response.headers.get('content-encoding');
  if (response.body === null || !/^application\/json\b/i.test(type) || (coding !== null && coding !== 'identity')) return undefined;
  const reader = response.clone().body?.getReader();
  if (reader === undefined) return undefined;
  try {
    const first = await reader.read();
    if (first.done) return undefined;
    const head = new TextDecoder().decode(first.value.subarray(0, PEEK_BYTES));
    const match = LEADING_CODE.exec(head);
    return match?.[1] === undefined ? undefined : Number(match[1]);
  } catch {
    return undefined;
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
