/**
 * The first check of every request, on the raw request target (as received, before any URL
 * parser resolved or decoded it): only origin-form paths in normal form get through. Browsers
 * never send anything else (they resolve dot segments, `%2e` included, before sending), so what
 * is refused here is crafted: traversal in any encoding, absolute-form or authority tricks, and
 * the `/v1` prefix glued to something other than `/`.
 */
export const MAX_TARGET_LENGTH = 8 * 1024;

export type TargetVerdict = { ok: true } | { ok: false; status: 400 | 404 | 414; detail: string };

/** Escapes never legitimate in a path here: `.` `/` `\` `%` and control characters. */
const FORBIDDEN_ESCAPE = /^(?:2e|2f|5c|25|[01][0-9a-f]|7f)$/i;

const OK: TargetVerdict = { ok: true };
const refuse = (status: 400 | 404 | 414, detail: string): TargetVerdict => ({ ok: false, status, detail });

export function checkRequestTarget(target: string): TargetVerdict {
  if (target.length > MAX_TARGET_LENGTH) return refuse(414, `request target longer than ${MAX_TARGET_LENGTH} characters`);
  const mark = target.indexOf('?');
  const path = mark === -1 ? target : target.slice(0, mark);
  if (!path.startsWith('/') || path.startsWith('//')) return refuse(400, 'the request target must be a path');
  for (let i = 0; i < path.length; i += 1) {
    const c = path.charCodeAt(i);
    // Printable ASCII only; no backslash, no `#` (a fragment is never sent).
    if (c <= 0x20 || c >= 0x7f || c === 0x5c || c === 0x23) return refuse(400, 'invalid character in the path');
    if (c === 0x25) {
      const escape = path.slice(i + 1, i + 3);
      if (!/^[0-9a-f]{2}$/i.test(escape)) return refuse(400, 'malformed escape in the path');
      if (FORBIDDEN_ESCAPE.test(escape)) return refuse(400, 'encoded dot, slash, backslash, percent or control character in the path');
      i += 2;
    }
  }
  const segments = path.split('/').slice(1);
  if (segments.some((segment, index) => segment === '.' || segment === '..' || (segment === '' && index < segments.length - 1))) {
    return refuse(400, 'dot segment or empty segment in the path');
  }
  if (path.startsWith('/v1') && path !== '/v1' && !path.startsWith('/v1/')) return refuse(404, `unknown path`);
  return OK;
}
