/**
 * Security headers on every response. The Content-Security-Policy is for the production server
 * only: in `npm run dev` Vite serves the page and its HMR client needs inline scripts and eval.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { EARLY_KEYS_SCRIPT } from '#shared/early-keys-script.ts';

/** The page's one inline script (the early-key holder), allowed by its hash and nothing else inline. */
export const EARLY_KEYS_SCRIPT_HASH = `'sha256-${createHash('sha256').update(EARLY_KEYS_SCRIPT).digest('base64')}'`;

/**
 * Only the app's own files, and the early-key holder by its hash. The build emits no other inline script or style element, React sets styles
 * through the CSSOM (which CSP does not govern), and the chart's attribution logo, the one library
 * part that injects a style element, is switched off; so no 'unsafe-inline' anywhere.
 * `connect-src 'self'` also covers same-origin ws:/wss: in current browsers.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${EARLY_KEYS_SCRIPT_HASH}`,
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export interface SecurityHeaderOptions {
  /** Send the Content-Security-Policy (production server only). */
  contentSecurityPolicy: boolean;
}

export function securityHeaderEntries(options: SecurityHeaderOptions): [string, string][] {
  const entries: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    // Other sites cannot embed our answers with no-cors requests; CORS reads (CORS_ORIGINS) are unaffected.
    ['Cross-Origin-Resource-Policy', 'same-origin'],
  ];
  if (options.contentSecurityPolicy) entries.push(['Content-Security-Policy', CONTENT_SECURITY_POLICY]);
  return entries;
}

/** Sets `entries` on the response, copying it first should its headers be immutable. */
export function withHeaders(response: Response, entries: readonly (readonly [string, string])[]): Response {
  try {
    for (const [name, value] of entries) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of entries) copy.headers.set(name, value);
    return copy;
  }
}

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  const entries = securityHeaderEntries(options);
  return async (c, next) => {
    await next();
    const updated = withHeaders(c.res, entries);
    if (updated !== c.res) c.res = updated;
  };
}
