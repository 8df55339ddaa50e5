/**
 * Which webhook URLs the server calls. A webhook is a URL a user typed that the server then
 * requests: without limits, a way to make the server reach its own network (server-side request
 * forgery). So the operator lists the hosts it may call (WEBHOOK_ALLOW; none by default), and
 * every address a name resolves to must be public unicast, unless the operator allowed that
 * address by an IP or CIDR entry (a receiver on the private network or this machine, on purpose).
 *
 * What is checked is what is connected to: the host is the URL parser's (WHATWG) normalised one,
 * in which `2130706433`, `0177.0.0.1`, `0x7f.1` and `127.1` are all `127.0.0.1`, and the
 * addresses returned here are the only ones the request may connect to (webhook-request.ts).
 */
import { lookup } from 'node:dns/promises';
import { inNetworks, nonPublicReason, parseAddress, type IpAddress, type Network } from './webhook-address.ts';

export interface WebhookPolicy {
  /** Exact host names: lower-case, punycode, no trailing dot. */
  readonly names: readonly string[];
  /** `*.example.com` entries as `.example.com`: any subdomain, not the name itself. */
  readonly suffixes: readonly string[];
  /** IP and CIDR entries: URLs naming these addresses, and names resolving to them, may be called. */
  readonly networks: readonly Network[];
}

/** Longest URL accepted (the address bar's rule of thumb; the database keeps it as the target). */
export const MAX_WEBHOOK_URL_LENGTH = 2000;

export const WEBHOOKS_OFF =
  "Webhooks are off on this server: its operator has not allowed any host (set WEBHOOK_ALLOW to the hosts, '*.domain' wildcards or IP ranges webhooks may call).";

/** Resolves a host name to all its addresses (A and AAAA). */
export type Resolve = (hostname: string) => Promise<string[]>;

/** The system's resolver (getaddrinfo, /etc/hosts included): what a plain connect would use. */
export const systemResolve: Resolve = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export type WebhookUrlSyntax = { ok: true; url: URL } | { ok: false; reason: string };

/** `temporary`: the name did not resolve now (DNS may answer later); worth a retry. */
export type WebhookUrlCheck = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string; temporary?: true };

const refuse = (reason: string) => ({ ok: false as const, reason });

/** The URL's host without IPv6 brackets or a trailing dot: what the allowlist speaks of. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

function parseNetwork(entry: string): Network | undefined {
  const [text = '', bits, ...rest] = entry.replace(/^\[(.*)\]/, '$1').split('/');
  const address = parseAddress(text);
  if (!address || rest.length > 0) return undefined;
  const max = address.kind() === 'ipv4' ? 32 : 128;
  if (bits === undefined) return [address, max];
  const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  return prefix <= max ? [address, prefix] : undefined;
}

/** A host name as the URL parser writes it (lower-case, punycode), or undefined when it is none. */
function normalName(text: string): string | undefined {
  if (!/^[^\s/\\:@?#[\]%*]+$/.test(text)) return undefined;
  try {
    const url = new URL(`http://${text}/`);
    // A name the parser reads as an IPv4 address ('2130706433') is an address in disguise.
    return parseAddress(bareHost(url)) ? undefined : bareHost(url);
  } catch {
    return undefined;
  }
}

/** WEBHOOK_ALLOW: comma-separated host names, `*.domain` wildcards, IP addresses and CIDRs. */
export function parseWebhookAllow(value: string | undefined): WebhookPolicy {
  const policy = { names: [] as string[], suffixes: [] as string[], networks: [] as Network[] };
  for (const entry of (value ?? '').split(',').map((item) => item.trim())) {
    if (entry === '') continue;
    const network = parseNetwork(entry);
    const wildcard = entry.startsWith('*.');
    const name = network ? undefined : normalName(wildcard ? entry.slice(2) : entry);
    if (network) policy.networks.push(network);
    else if (name === undefined)
      throw new Error(`WEBHOOK_ALLOW: '${entry}' is not a host name, a '*.domain' wildcard, an IP address (dotted or IPv6) or a CIDR range`);
    else if (wildcard) policy.suffixes.push(`.${name}`);
    else policy.names.push(name);
  }
  return policy;
}

export function webhookPolicyFrom(env: Record<string, string | undefined>): WebhookPolicy {
  return parseWebhookAllow(env.WEBHOOK_ALLOW);
}

/** Whether the operator allowed any webhook at all (WEBHOOK_ALLOW not empty). */
export const webhooksEnabled = (policy: WebhookPolicy): boolean => policy.names.length + policy.suffixes.length + policy.networks.length > 0;

function parseUrl(text: string): WebhookUrlSyntax {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return refuse(`A webhook URL is at most ${MAX_WEBHOOK_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('This is not a URL: write it in full, as https://example.com/hook.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse(`A webhook URL starts with https:// or http://, not ${url.protocol}//.`);
  // Credentials in a URL end up in logs and in the outbox's table: a receiver checks the signature.
  if (url.username !== '' || url.password !== '')
    return refuse('A webhook URL may not hold a user name or password; the signature header authenticates the server.');
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) return refuse(`A webhook URL is at most ${MAX_WEBHOOK_URL_LENGTH} characters.`);
  return { ok: true, url };
}

/** An address is callable when the operator allowed it by address, or when it is public. */
function addressRefusal(address: IpAddress, policy: WebhookPolicy): string | undefined {
  if (inNetworks(address, policy.networks)) return undefined;
  const reason = nonPublicReason(address);
  return reason === undefined ? undefined : `${reason}, which WEBHOOK_ALLOW does not allow`;
}

type HostVerdict = { kind: 'address'; address: string } | { kind: 'name' } | { kind: 'refused'; reason: string };

/** What the allowlist says of the URL's host, before any DNS. */
function judgeHost(url: URL, policy: WebhookPolicy): HostVerdict {
  if (!webhooksEnabled(policy)) return { kind: 'refused', reason: WEBHOOKS_OFF };
  const host = bareHost(url);
  const address = parseAddress(host);
  if (address) {
    // An address given in the URL is allowed by an IP or CIDR entry only; a non-public one is
    // refused saying what it is, which is the more useful message.
    if (inNetworks(address, policy.networks)) return { kind: 'address', address: host };
    const refusal = addressRefusal(address, policy);
    return { kind: 'refused', reason: refusal === undefined ? notAllowed(host) : `${host} is ${refusal}.` };
  }
  if (policy.names.includes(host) || policy.suffixes.some((suffix) => host.endsWith(suffix))) return { kind: 'name' };
  return { kind: 'refused', reason: notAllowed(host) };
}

const notAllowed = (host: string) => `${host} is not among the hosts this server's operator allows webhooks to call (WEBHOOK_ALLOW).`;

/**
 * The form's immediate answer: the URL's shape, and with the policy, whether its host is allowed
 * (no DNS: a name's addresses are checked at each delivery, as they may change).
 */
export function validateWebhookUrlForSaving(text: string, policy?: WebhookPolicy): WebhookUrlSyntax {
  const parsed = parseUrl(text);
  if (!parsed.ok || !policy) return parsed;
  const verdict = judgeHost(parsed.url, policy);
  return verdict.kind === 'refused' ? refuse(verdict.reason) : parsed;
}

/** Resolves an allowed name; every address it has must be callable, or none is called. */
async function checkAddresses(name: string, policy: WebhookPolicy, resolve: Resolve): Promise<{ addresses: string[] } | { reason: string; temporary?: true }> {
  let addresses: string[];
  try {
    addresses = await resolve(name);
  } catch (error) {
    return { reason: `${name} did not resolve: ${error instanceof Error ? error.message : String(error)}`, temporary: true };
  }
  if (addresses.length === 0) return { reason: `${name} has no address`, temporary: true };
  for (const text of addresses) {
    const address = parseAddress(text);
    const refusal = address ? addressRefusal(address, policy) : 'not an IP address';
    // One bad address refuses them all: a connection may go to any of them (and rebinding
    // attacks answer with a public and a private one).
    if (refusal !== undefined) return { reason: `${name} resolves to ${text}, ${refusal}.` };
  }
  return { addresses };
}

/** The whole check before a delivery: the URL, the allowlist, then every address of the name. */
export async function checkWebhookUrl(text: string, policy: WebhookPolicy, resolve: Resolve = systemResolve): Promise<WebhookUrlCheck> {
  const parsed = parseUrl(text);
  if (!parsed.ok) return parsed;
  const verdict = judgeHost(parsed.url, policy);
  if (verdict.kind === 'refused') return refuse(verdict.reason);
  if (verdict.kind === 'address') return { ok: true, url: parsed.url, addresses: [verdict.address] };
  const checked = await checkAddresses(parsed.url.hostname, policy, resolve);
  return 'addresses' in checked ? { ok: true, url: parsed.url, addresses: checked.addresses } : { ok: false, ...checked };
}
