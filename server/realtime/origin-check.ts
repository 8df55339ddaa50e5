/**
 * The defence against Cross-Site WebSocket Hijacking: browsers send `Origin` on every WebSocket
 * handshake and WebSockets ignore CORS, so without this check any page could open `/v1/realtime`
 * and read data paid for with the server's key.
 */

/**
 * True when `origin` is absent (a non-browser client, which could forge it anyway), same-origin
 * with `host` (the Host header, compared under the origin's own scheme so default ports match),
 * or one of `allowedOrigins` (CORS_ORIGINS, already normalised). `null` and anything not in
 * browsers' serialised form is refused.
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, allowedOrigins: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  // Exactly an origin as browsers serialise it: nothing after the authority (a path, or repeated
  // headers joined with ", "), lower case, no default port.
  if (origin !== parsed.origin) return false;
  if (allowedOrigins.has(parsed.origin)) return true;
  if (host === undefined || host === '' || /[/?#@\\\s]/.test(host)) return false;
  try {
    return new URL(`${parsed.protocol}//${host}`).origin === parsed.origin;
  } catch {
    return false;
  }
}
