/**
 * CORS for `/v1`, off unless CORS_ORIGINS lists origins: then exactly those origins may read GET
 * answers (no credentials). A preflight from anyone else falls through to the normal handler,
 * which refuses OPTIONS, so nothing is granted.
 */
import type { MiddlewareHandler } from 'hono';
import { CACHE_HEADER, CLOCK_HEADER, SOURCE_HEADER } from '#shared/protocol.ts';
import { withHeaders } from './security-headers.ts';

/** Response headers the dashboard reads beyond the CORS-safelisted ones. */
const EXPOSED = ['Retry-After', SOURCE_HEADER, CLOCK_HEADER, CACHE_HEADER].join(', ');
const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** Adds `field` to a Vary value unless present. */
export function addVary(vary: string | null, field: string): string {
  const fields = (vary ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (fields.includes('*') || fields.some((item) => item.toLowerCase() === field.toLowerCase())) return fields.join(', ');
  return [...fields, field].join(', ');
}

export function cors(origins: readonly string[]): MiddlewareHandler {
  const allowed: ReadonlySet<string> = new Set(origins);
  return async (c, next) => {
    if (allowed.size === 0) {
      await next();
      return undefined;
    }
    const origin = c.req.header('origin');
    const granted = origin !== undefined && allowed.has(origin);
    const method = c.req.method;
    if (granted && method === 'OPTIONS' && c.req.header('access-control-request-method') === 'GET') {
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': 'GET',
          'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
          Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
      });
    }
    await next();
    const entries: [string, string][] = [['Vary', addVary(c.res.headers.get('Vary'), 'Origin')]];
    if (granted && (method === 'GET' || method === 'HEAD')) {
      entries.push(['Access-Control-Allow-Origin', origin], ['Access-Control-Expose-Headers', EXPOSED]);
    }
    const updated = withHeaders(c.res, entries);
    if (updated !== c.res) c.res = updated;
    return undefined;
  };
}
