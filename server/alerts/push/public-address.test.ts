import { describe, expect, it } from 'vitest';
import { allowedAddressLookup, isAllowedAddress, refusedHost } from './public-address.ts';

const resolve = (hostname: string, allowLoopback: boolean, all: boolean) =>
  new Promise<unknown>((done, fail) => {
    allowedAddressLookup(allowLoopback)(hostname, { all }, (error, address) => {
      if (error) fail(error);
      else done(address);
    });
  });

describe('where a push may go', () => {
  it('is a public unicast address; loopback only when allowed', () => {
    for (const address of ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']) expect(isAllowedAddress(address, false), address).toBe(true);
    for (const address of ['10.0.0.5', '192.168.1.1', '172.16.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', 'fc00::1', 'fe80::1', '::ffff:10.0.0.5', '::'])
      expect(isAllowedAddress(address, true), address).toBe(false);
    // The webhooks' finer rule: an IPv6 form that carries a private IPv4 address is not public either.
    for (const address of ['::7f00:1', '64:ff9b::a00:5', '2002:a00:5::1']) expect(isAllowedAddress(address, false), address).toBe(false);
    expect(isAllowedAddress('127.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('::1', false)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', true)).toBe(true);
  });

  it('refuses hosts that are addresses of this network, and localhost, before any lookup', () => {
    expect(refusedHost('[fe80::1]', false)).toMatch(/not a public address/);
    expect(refusedHost('10.1.2.3', false)).toMatch(/not a public address/);
    expect(refusedHost('localhost', false)).toMatch(/this machine/);
    expect(refusedHost('localhost', true)).toBeUndefined();
    expect(refusedHost('fcm.googleapis.com', false)).toBeUndefined();
  });

  it('fails a lookup that resolves to a refused address, in both of its forms', async () => {
    await expect(resolve('localhost', false, false)).rejects.toMatchObject({ code: 'EADDRNOTPUBLIC' });
    await expect(resolve('localhost', false, true)).rejects.toMatchObject({ code: 'EADDRNOTPUBLIC' });
    await expect(resolve('127.0.0.1', true, false)).resolves.toBe('127.0.0.1');
    await expect(resolve('127.0.0.1', true, true)).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
