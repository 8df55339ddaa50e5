/**
 * Delivers one webhook: a signed JSON POST to a URL the policy allows, connected only to the
 * addresses it checked, redirects followed by hand (each new URL checked again), within one
 * deadline for the whole of it. The answer says what the outbox does next: nothing (delivered),
 * try again later (retry), or give up (failed: the receiver refused it; refused: we did).
 */
import { exchange, type ExchangeResult } from './webhook-request.ts';
import { checkWebhookUrl, systemResolve, type Resolve, type WebhookPolicy } from './webhook-policy.ts';
import { SIGNATURE_HEADER, signWebhookBody } from './webhook-signature.ts';

export { verifyWebhookSignature } from './webhook-signature.ts';

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5000;
export const MAX_WEBHOOK_REDIRECTS = 3;
export const WEBHOOK_USER_AGENT = 'Chartroom-Webhook/1';
export const TRIGGER_HEADER = 'X-Chartroom-Trigger';

export interface SendWebhookOptions {
  url: string;
  /** The JSON text sent, exactly as signed. */
  body: string;
  /** The user's signing secret (webhook-secret.ts). */
  secret: string;
  /** Sent as X-Chartroom-Trigger: the same on every attempt, so a receiver can drop repeats. */
  triggerId: string;
  policy: WebhookPolicy;
  /** For the whole delivery: DNS, connect, redirects and response. */
  timeoutMs?: number;
  resolve?: Resolve;
  /** The signature's clock (ms). */
  now?: () => number;
}

export type WebhookOutcome =
  | { outcome: 'delivered'; status: number }
  | { outcome: 'retry'; error: string; status?: number }
  /** The receiver refused it (a 4xx other than 408, 425, 429; or a redirect we could not follow): not retried. */
  | { outcome: 'failed'; error: string; status: number }
  /** Our policy refused the URL or a redirect's target: not retried. */
  | { outcome: 'refused'; reason: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Request Timeout, Too Early, Too Many Requests: the receiver asks to be tried later. */
const RETRY_LATER = new Set([408, 425, 429]);

function outcomeOf(status: number): WebhookOutcome {
  if (status >= 200 && status < 300) return { outcome: 'delivered', status };
  if (RETRY_LATER.has(status) || status >= 500) return { outcome: 'retry', error: `HTTP ${status}`, status };
  return { outcome: 'failed', error: `HTTP ${status}`, status };
}

/** The promise's value, or undefined once the signal aborts first (DNS has no signal of its own). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      resolve(undefined);
    };
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}

interface Hop {
  url: string;
  /** 303 See Other: the POST was taken; what it points at is fetched with GET, without the body. */
  method: 'POST' | 'GET';
  /** The previous hop was https: a redirect may not downgrade to plain http. */
  fromHttps: boolean;
}

async function deliver(options: SendWebhookOptions, signal: AbortSignal, timedOut: string): Promise<WebhookOutcome> {
  const { body, policy, resolve = systemResolve, now = Date.now } = options;
  const common = { 'User-Agent': WEBHOOK_USER_AGENT, [TRIGGER_HEADER]: options.triggerId };
  const post = {
    ...common,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    [SIGNATURE_HEADER]: signWebhookBody(body, options.secret, now()),
  };
  let hop: Hop = { url: options.url, method: 'POST', fromHttps: false };
  for (let redirects = 0; ; redirects += 1) {
    const checked = await untilAborted(checkWebhookUrl(hop.url, policy, resolve), signal);
    if (checked === undefined) return { outcome: 'retry', error: timedOut };
    const redirected = redirects === 0 ? '' : `redirected to ${hop.url}: `;
    if (!checked.ok)
      return checked.temporary ? { outcome: 'retry', error: redirected + checked.reason } : { outcome: 'refused', reason: redirected + checked.reason };
    if (hop.fromHttps && checked.url.protocol === 'http:') return { outcome: 'refused', reason: `${redirected}a redirect from https to http is not followed.` };
    const isPost = hop.method === 'POST';
    const result: ExchangeResult = await exchange({
      url: checked.url,
      addresses: checked.addresses,
      method: hop.method,
      headers: isPost ? post : common,
      ...(isPost && { body }),
      signal,
    });
    if ('error' in result) return { outcome: 'retry', error: signal.aborted ? timedOut : result.error };
    const { status, location } = result;
    if (!REDIRECTS.has(status)) return outcomeOf(status);
    if (redirects === MAX_WEBHOOK_REDIRECTS) return { outcome: 'failed', error: `more than ${MAX_WEBHOOK_REDIRECTS} redirects`, status };
    const next = location === undefined ? undefined : URL.parse(location, checked.url);
    if (!next) return { outcome: 'failed', error: `HTTP ${status} without a valid Location`, status };
    hop = { url: next.href, method: status === 303 ? 'GET' : hop.method, fromHttps: checked.url.protocol === 'https:' };
  }
}

export async function sendWebhook(options: SendWebhookOptions): Promise<WebhookOutcome> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, timeoutMs);
  try {
    return await deliver(options, controller.signal, `timed out after ${timeoutMs} ms`);
  } finally {
    clearTimeout(timer);
  }
}
