/**
 * Who is asking, for the per-client rate limit: the socket's peer address, or, behind trusted
 * proxies (TRUST_PROXY=<hops>), the address the outermost trusted proxy saw. X-Forwarded-For is
 * written by the client first, so only the entries appended by our own proxies are believed.
 */
import { isIP } from 'node:net';

export interface AddressSources {
  /** The socket's remote address (absent for in-process requests). */
  socket: string | undefined;
  /** The X-Forwarded-For header, all values joined. */
  forwardedFor: string | undefined;
}

/** `1.2.3.4`, `1.2.3.4:567`, `[::1]`, `[::1]:80`, `::1` to a bare address; undefined when not an IP. */
function bareAddress(entry: string): string | undefined {
  const trimmed = entry.trim();
  const candidates = [trimmed, /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed)?.[1], /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(trimmed)?.[1]];
  return candidates.find((candidate): candidate is string => candidate !== undefined && isIP(candidate) !== 0);
}

/**
 * With `trustedHops` proxies in front (0: none), the client is the entry `trustedHops` from the
 * right of [X-Forwarded-For..., socket]; walking stops early at an entry that is not an address.
 */
export function clientAddress(sources: AddressSources, trustedHops: number): string | undefined {
  let address = sources.socket;
  if (trustedHops === 0 || sources.forwardedFor === undefined) return address;
  const entries = sources.forwardedFor.split(',').reverse();
  for (let hop = 0; hop < trustedHops && hop < entries.length; hop += 1) {
    const next = bareAddress(entries[hop] ?? '');
    if (next === undefined) break;
    address = next;
  }
  return address;
}

/** Eight 16-bit groups of an IPv6 address (embedded IPv4 and `::` expanded); undefined if malformed. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4 !== undefined) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string | undefined): number[] => (part === undefined || part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

/**
 * The rate-limit bucket of an address: IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6 by its /64
 * (one client usually holds a whole /64 and could rotate through it), `unknown` without one.
 */
export function clientKey(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped !== undefined) return mapped;
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
