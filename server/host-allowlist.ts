/**
 * Which `Host` names the production server answers for: a defence against DNS rebinding, where a
 * web page re-points its own name at this server to read `/v1` with the server's key. Rebinding
 * needs a name the attacker controls, so by default only `localhost`, `*.localhost` and IP
 * addresses are answered; a deployment behind a name lists it in ALLOWED_HOSTS.
 */
import { isIP } from 'node:net';

/** One allowed host: `name`, `name:port`, `.suffix` (the name and its subdomains), or `*`. */
interface HostRule {
  host: string;
  port?: string;
  subdomains: boolean;
}

export type HostPolicy = { kind: 'any' } | { kind: 'default' } | { kind: 'list'; rules: readonly HostRule[] };

interface ParsedHost {
  host: string; // lower-case, without brackets or trailing dot
  port: string | undefined;
}

/** Splits a Host header (`name`, `name:port`, `1.2.3.4:80`, `[::1]:80`); undefined when malformed. */
export function parseHostHeader(value: string): ParsedHost | undefined {
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9._-]+))(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!match) return undefined;
  const bracketed = match[1];
  if (bracketed !== undefined && isIP(bracketed) !== 6) return undefined;
  const host = (bracketed ?? match[2] ?? '').toLowerCase().replace(/\.$/, '');
  if (host === '') return undefined;
  return { host, port: match[3] };
}

/** ALLOWED_HOSTS items; an empty list keeps the default policy. */
export function hostPolicy(items: readonly string[]): HostPolicy {
  if (items.length === 0) return { kind: 'default' };
  if (items.includes('*')) return { kind: 'any' };
  const rules = items.map((item): HostRule => {
    const subdomains = item.startsWith('.');
    const parsed = parseHostHeader(subdomains ? item.slice(1) : item);
    if (!parsed) throw new Error(`ALLOWED_HOSTS: ${item} is not a host name, host:port, .suffix or *`);
    return { host: parsed.host, subdomains, ...(parsed.port !== undefined && { port: parsed.port }) };
  });
  return { kind: 'list', rules };
}

function isLiteralAddress(host: string): boolean {
  return isIP(host) !== 0;
}

function matchesRule(parsed: ParsedHost, rule: HostRule): boolean {
  if (rule.port !== undefined && rule.port !== parsed.port) return false;
  return parsed.host === rule.host || (rule.subdomains && parsed.host.endsWith(`.${rule.host}`));
}

export function isAllowedHost(value: string | undefined, policy: HostPolicy): boolean {
  if (policy.kind === 'any') return true;
  if (value === undefined) return false;
  const parsed = parseHostHeader(value);
  if (!parsed) return false;
  if (policy.kind === 'default') {
    return parsed.host === 'localhost' || parsed.host.endsWith('.localhost') || isLiteralAddress(parsed.host);
  }
  return policy.rules.some((rule) => matchesRule(parsed, rule));
}
