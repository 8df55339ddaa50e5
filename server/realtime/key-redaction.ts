/**
 * Keeping the server's key out of what the upstream sends on. Only diagnostic texts can carry it
 * (an error's message, a URL, a close reason, a log line); market pushes are prices, and there are
 * many of them, so they pass without a scan.
 */
import { redact } from '../upstream/headers.ts';

/** Every spelling of the key a text could carry (as is, and percent-encoded) replaced. */
export function redactKey(text: string, apiKey: string): string {
  const encoded = new URLSearchParams({ k: apiKey }).toString().slice(2);
  return [apiKey, encodeURIComponent(apiKey), encoded].reduce((line, form) => redact(line, form), text);
}

const PUSH_OPENINGS = ['{"cmd":"ticker","data":{', '{"cmd":"depth","data":{', '{"cmd":"trade","data":{'];

/**
 * A push as the AsyncAPI writes it: `cmd` naming a channel, then the `data` object, and nothing
 * after it (an error carries `code` and `message`). Told by its ends alone, so a push is not
 * scanned; any other shape or field order counts as a diagnostic and is redacted.
 */
function isMarketPush(text: string): boolean {
  return text.endsWith('}}') && PUSH_OPENINGS.some((opening) => text.startsWith(opening));
}

/** An upstream text frame as a browser may see it. */
export function frameForBrowser(text: string, apiKey: string): string {
  return isMarketPush(text) ? text : redactKey(text, apiKey);
}
