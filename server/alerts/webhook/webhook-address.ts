/**
 * Which addresses a webhook may reach: public unicast ones, and whatever the operator allowed by
 * address (WEBHOOK_ALLOW's IP and CIDR entries). Everything else (loopback, private networks,
 * link-local with the cloud metadata service at 169.254.169.254, carrier-grade NAT, multicast,
 * reserved and documentation ranges) is where a user-given URL could reach the server's own
 * neighbourhood: server-side request forgery.
 */
import ipaddr from 'ipaddr.js';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;
/** An address and its prefix length: `10.0.0.0/8`, or one address as `/32` or `/128`. */
export type Network = readonly [IpAddress, number];

/**
 * An address as written in an allowlist or handed back by DNS: dotted four-part IPv4 or IPv6,
 * nothing looser. (`0177.1` and `2130706433` are for URLs, which the URL parser normalises.)
 */
export function parseAddress(text: string): IpAddress | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text);
  return undefined;
}

export function inNetworks(address: IpAddress, networks: readonly Network[]): boolean {
  return networks.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));
}

const V4_RANGE_NAMES: Record<string, string> = {
  unspecified: 'an unspecified address (0.0.0.0/8)',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (169.254.0.0/16, where cloud metadata services answer)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  private: 'a private address',
};

const V6_RANGE_NAMES: Record<string, string> = {
  unspecified: 'the unspecified address (::)',
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  uniqueLocal: 'a unique-local address (fc00::/7)',
  ipv4Mapped: 'an IPv4-mapped address',
  rfc6145: 'an IPv4-translated address',
  deprecatedSiteLocal: 'a site-local address',
};

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse('2000::');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parse('64:ff9b::');

/** Reserved, documentation, benchmarking and the like: ipaddr.js's name for the range says which. */
const specialPurpose = (range: string) => `a special-purpose address (${range})`;

/** The IPv4 addresses an IPv6 one carries to the IPv4 network, for the translation ranges. */
function embeddedV4(address: ipaddr.IPv6, range: string): ipaddr.IPv4[] | undefined {
  const bytes = address.toByteArray();
  const v4 = (at: number, invert = false) => new ipaddr.IPv4(bytes.slice(at, at + 4).map((byte) => (invert ? byte ^ 0xff : byte)));
  // NAT64's well-known prefix: the last 32 bits (64:ff9b:1::/48 is for local networks: refused).
  if (range === 'rfc6052' && address.match(NAT64_WELL_KNOWN, 96)) return [v4(12)];
  // 6to4: 2002:AABB:CCDD::/48 reaches AA.BB.CC.DD through a relay.
  if (range === '6to4') return [v4(2)];
  // Teredo: the server's address in bits 32–63, the client's (inverted) in the last 32.
  if (range === 'teredo') return [v4(4), v4(12, true)];
  return undefined;
}

/** Why the address is not public unicast, or undefined when it is. */
export function nonPublicReason(address: IpAddress): string | undefined {
  const range: string = address.range();
  if (address.kind() === 'ipv4') {
    if (range === 'unicast') return undefined;
    return V4_RANGE_NAMES[range] ?? specialPurpose(range);
  }
  const v6 = address as ipaddr.IPv6;
  const carried = embeddedV4(v6, range);
  if (carried) {
    const inner = carried.map(nonPublicReason).find((reason) => reason !== undefined);
    return inner === undefined ? undefined : `an IPv6 address that carries ${inner}`;
  }
  if (range !== 'unicast') return V6_RANGE_NAMES[range] ?? specialPurpose(range);
  // Global unicast is 2000::/3 only: outside it, ipaddr.js still says 'unicast' of such things as
  // the deprecated IPv4-compatible ::7f00:1, which some stacks still route to 127.0.0.1.
  return v6.match(GLOBAL_UNICAST_V6, 3) ? undefined : 'an address outside IPv6 global unicast (2000::/3)';
}
