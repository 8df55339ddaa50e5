/** Accept-Encoding as a browser sends it: parsed into q-values, and asked whether a coding is accepted. */

/** Parses Accept-Encoding into coding → q-value (lower-cased codings). */
export function parseAcceptEncoding(header: string | null): Map<string, number> {
  const result = new Map<string, number>();
  if (header === null) return result;
  for (const item of header.split(',')) {
    const [token = '', ...params] = item.split(';');
    const coding = token.trim().toLowerCase();
    if (coding === '') continue;
    let q = 1;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=');
      if (key.trim().toLowerCase() === 'q') {
        const parsed = Number.parseFloat(value.trim());
        q = Number.isNaN(parsed) ? 1 : Math.min(Math.max(parsed, 0), 1);
      }
    }
    result.set(coding, q);
  }
  return result;
}

/** Whether the browser accepts `coding` (an explicit q > 0, or `*` with q > 0 when not listed). */
export function acceptsCoding(acceptEncoding: string | null, coding: string): boolean {
  const accepted = parseAcceptEncoding(acceptEncoding);
  const explicit = accepted.get(coding.toLowerCase());
  if (explicit !== undefined) return explicit > 0;
  const wildcard = accepted.get('*');
  return wildcard !== undefined && wildcard > 0;
}
