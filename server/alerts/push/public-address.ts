/**
 * Where the server may send a push: a push service is on the public internet, so an endpoint
 * whose host is (or resolves to) a private, loopback, link-local or otherwise special address is
 * refused. Without this a user could register `https://10.0.0.5/…` and have the server post to
 * its own network. The check is made on the address connected to (a lookup that refuses), so a
 * name that resolves elsewhere later cannot slip past a check made when it was stored. Loopback
 * is allowed only when the caller says so (the tests' stand-in push service).
 */
import ipaddr from 'ipaddr.js';
import { lookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { nonPublicReason, parseAddress } from '../webhook/webhook-address.ts';

/** A public unicast address by the webhooks' rule (webhook-address.ts); a loopback one too with `allowLoopback`. */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  // Loopback in either form (::ffff:127.0.0.1 too), for the tests' stand-in only.
  if (allowLoopback && ipaddr.process(address).range() === 'loopback') return true;
  return nonPublicReason(parsed) === undefined;
}

/** A URL's host as an address when it is one (`[::1]` → `::1`), else undefined (a name). */
export function literalAddress(hostname: string): string | undefined {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return isIP(bare) === 0 ? undefined : bare;
}

/** Why a host may not be posted to, or undefined when it may (names are checked when resolved). */
export function refusedHost(hostname: string, allowLoopback: boolean): string | undefined {
  const address = literalAddress(hostname);
  if (address !== undefined) return isAllowedAddress(address, allowLoopback) ? undefined : `${address} is not a public address`;
  if (!allowLoopback && (hostname === 'localhost' || hostname.endsWith('.localhost'))) return `${hostname} is this machine`;
  return undefined;
}

/** A `lookup` for node:http(s) that fails when the name resolves to any address not allowed. */
export function allowedAddressLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '');
        return;
      }
      const refused = addresses.find(({ address }) => !isAllowedAddress(address, allowLoopback));
      const first = addresses[0];
      if (refused !== undefined || first === undefined) {
        const reason = Object.assign(new Error(`${hostname} resolves to ${refused?.address ?? 'no address'}, not a public address`), {
          code: 'EADDRNOTPUBLIC',
        });
        callback(reason, '');
        return;
      }
      if (options.all === true) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
