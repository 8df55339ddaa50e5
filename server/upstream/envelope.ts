/**
 * JSON envelope responses (`{code, message}` of the contract, §2.1 and §7). Generic: the forwarder
 * uses it for the errors it answers itself, and other server modules may reuse it.
 */

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const encoder = new TextEncoder();

/** A JSON response with an exact Content-Length. `extraHeaders` are applied last and may override. */
export function jsonResponse(status: number, body: unknown, extraHeaders?: HeadersInit): Response {
  const bytes = encoder.encode(JSON.stringify(body));
  const headers = new Headers({ 'Content-Type': JSON_CONTENT_TYPE });
  if (extraHeaders !== undefined) {
    new Headers(extraHeaders).forEach((value, name) => {
      headers.set(name, value);
    });
  }
  headers.set('Content-Length', String(bytes.byteLength));
  return new Response(bytes, { status, headers });
}

/** An error envelope `{code, message}` with the given HTTP status. */
export function errorResponse(status: number, code: number, message: string, extraHeaders?: HeadersInit): Response {
  return jsonResponse(status, { code, message }, extraHeaders);
}
