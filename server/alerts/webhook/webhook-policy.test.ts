/**
 * The webhook policy: WEBHOOK_ALLOW's entries, and the crafted URLs a user could give to make the
 * server reach its own network, each refused though the policy allows its host name, with a
 * reason that says what the address is. Names resolve through an injected resolver (no DNS here).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  checkWebhookUrl,
  parseWebhookAllow,
  validateWebhookUrlForSaving,
  webhookPolicyFrom,
  webhooksEnabled,
  WEBHOOKS_OFF,
  type Resolve,
} from './webhook-policy.ts';

const PUBLIC_V4 = '93.184.216.34';
const PUBLIC_V6 = '2606:2800:220:1:248:1893:25c8:1946';

/**
 * A resolver that knows a few names (and counts its calls); any other name does not resolve. As
 * DNS does, it takes a name with a trailing dot (fully qualified) for the name.
 */
function resolverOf(table: Record<string, string[]>) {
  return vi.fn<Resolve>((hostname) => {
    const addresses = table[hostname.replace(/\.$/, '')];
    return addresses ? Promise.resolve(addresses) : Promise.reject(new Error(`getaddrinfo ENOTFOUND ${hostname}`));
  });
}

const NAMES: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'internal.test': ['10.1.2.3'],
  'mixed.test': [PUBLIC_V4, '10.0.0.7'],
  'hooks.example.com': [PUBLIC_V4, PUBLIC_V6],
  'a.b.example.com': [PUBLIC_V4],
  'xn--bcher-kva.example': [PUBLIC_V4],
  'nat64.test': ['64:ff9b::5db8:d822'],
  'metadata.test': ['169.254.169.254'],
  'odd.test': ['not-an-address'],
  'nowhere.test': [],
};

describe('WEBHOOK_ALLOW', () => {
  it('allows nothing when empty or unset, and says so', async () => {
    for (const policy of [webhookPolicyFrom({}), parseWebhookAllow(''), parseWebhookAllow(' , ')]) {
      expect(await checkWebhookUrl('https://hooks.example.com/x', policy, resolverOf(NAMES))).toEqual({ ok: false, reason: WEBHOOKS_OFF });
      expect(validateWebhookUrlForSaving('https://hooks.example.com/x', policy)).toEqual({ ok: false, reason: WEBHOOKS_OFF });
      expect(webhooksEnabled(policy)).toBe(false);
    }
    expect(webhooksEnabled(webhookPolicyFrom({ WEBHOOK_ALLOW: '10.0.0.0/8' }))).toBe(true);
    expect(WEBHOOKS_OFF).toMatch(/WEBHOOK_ALLOW/);
  });

  it('reads names, wildcards, addresses and CIDRs', () => {
    const policy = parseWebhookAllow(' Hooks.Example.com ,*.corp.example, bücher.example, 10.0.0.0/8, 127.0.0.1, fd00::/8, [::1] ');
    expect(policy.names).toEqual(['hooks.example.com', 'xn--bcher-kva.example']);
    expect(policy.suffixes).toEqual(['.corp.example']);
    expect(policy.networks.map(([address, bits]) => `${address.toString()}/${bits}`)).toEqual(['10.0.0.0/8', '127.0.0.1/32', 'fd00::/8', '::1/128']);
  });

  it.each([
    '*',
    '*.',
    'a.*.example',
    'http://hooks.example.com',
    'hooks.example.com/x',
    'hooks.example.com:8080',
    'user@host',
    '10.0.0.0/33',
    '::1/129',
    '2130706433',
    '0x7f.1',
    'a b',
  ])('refuses the entry %s at start', (entry) => {
    expect(() => parseWebhookAllow(`hooks.example.com,${entry}`)).toThrow(/WEBHOOK_ALLOW/);
  });
});

describe('checkWebhookUrl', () => {
  const policy = parseWebhookAllow(
    'localhost, internal.test, mixed.test, hooks.example.com, *.example.com, metadata.test, bücher.example, nat64.test, odd.test, nowhere.test',
  );

  it('accepts an allowed name with only public addresses, and returns them to connect to', async () => {
    const resolve = resolverOf(NAMES);
    const checked = await checkWebhookUrl('https://HOOKS.example.com./alert?x=1', policy, resolve);
    expect(checked).toMatchObject({ ok: true, addresses: [PUBLIC_V4, PUBLIC_V6] });
    expect(checked.ok && checked.url.href).toBe('https://hooks.example.com./alert?x=1');
    expect(await checkWebhookUrl('https://a.b.example.com/', policy, resolve)).toMatchObject({ ok: true, addresses: [PUBLIC_V4] });
    expect(await checkWebhookUrl('https://bücher.example/', policy, resolve)).toMatchObject({ ok: true });
    // NAT64 of a public IPv4 address (a DNS64 network): public.
    expect(await checkWebhookUrl('http://nat64.test/', policy, resolve)).toMatchObject({ ok: true, addresses: ['64:ff9b::5db8:d822'] });
  });

  it('takes a wildcard for subdomains only', async () => {
    const wildcard = parseWebhookAllow('*.example.com');
    const resolve = resolverOf({ 'example.com': [PUBLIC_V4], 'badexample.com': [PUBLIC_V4], 'a.example.com': [PUBLIC_V4] });
    expect(await checkWebhookUrl('https://a.example.com/', wildcard, resolve)).toMatchObject({ ok: true });
    expect(await checkWebhookUrl('https://example.com/', wildcard, resolve)).toMatchObject({ ok: false, reason: /not among the hosts/ });
    expect(await checkWebhookUrl('https://badexample.com/', wildcard, resolve)).toMatchObject({ ok: false, reason: /not among the hosts/ });
  });

  // Each is refused though the policy names its host: what it reaches is not public.
  const crafted: [url: string, reason: RegExp][] = [
    ['http://127.0.0.1/', /127\.0\.0\.1 is a loopback address/],
    ['http://localhost/', /localhost resolves to 127\.0\.0\.1, a loopback address/],
    ['http://[::1]/', /::1 is a loopback address/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://0/', /0\.0\.0\.0 is an unspecified/],
    ['http://10.0.0.5/', /private/],
    ['http://172.16.3.4/', /private/],
    ['http://192.168.1.1/', /private/],
    ['http://169.254.169.254/latest/meta-data', /link-local/],
    ['http://metadata.test/latest/meta-data', /resolves to 169\.254\.169\.254, a link-local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[fd00::1]/', /unique-local/],
    ['http://[fec0::1]/', /site-local/],
    ['http://[::ffff:127.0.0.1]/', /IPv4-mapped/],
    ['http://[::ffff:7f00:1]/', /IPv4-mapped/],
    ['http://[::ffff:0:a00:1]/', /IPv4-translated/],
    ['http://[::127.0.0.1]/', /outside IPv6 global unicast/],
    ['http://2130706433/', /127\.0\.0\.1 is a loopback address/],
    ['http://0177.0.0.1/', /127\.0\.0\.1 is a loopback address/],
    ['http://0x7f.0.0.1/', /127\.0\.0\.1 is a loopback address/],
    ['http://0x7f.1/', /127\.0\.0\.1 is a loopback address/],
    ['http://127.1/', /127\.0\.0\.1 is a loopback address/],
    ['http://127.0.0.1./', /127\.0\.0\.1 is a loopback address/],
    ['http://100.64.0.1/', /carrier-grade NAT/],
    ['http://224.0.0.1/', /multicast/],
    ['http://[ff02::1]/', /multicast/],
    ['http://255.255.255.255/', /broadcast/],
    ['http://240.0.0.1/', /special-purpose/],
    ['http://192.0.2.1/', /special-purpose/],
    ['http://198.18.0.1/', /special-purpose/],
    ['http://[2001:db8::1]/', /special-purpose/],
    ['http://[::]/', /unspecified/],
    ['http://[64:ff9b::7f00:1]/', /carries a loopback address/],
    ['http://[64:ff9b::a00:1]/', /carries a private address/],
    ['http://[64:ff9b:1::1]/', /special-purpose address \(rfc6052\)/],
    ['http://[2002:7f00:1::1]/', /carries a loopback address/],
    ['http://[2002:c0a8:101::1]/', /carries a private address/],
    // Teredo whose client (the last 32 bits, inverted) is 127.0.0.1.
    ['http://[2001:0:5db8:d822:0:0:80ff:fffe]/', /carries a loopback address/],
    ['http://internal.test/hook', /internal\.test resolves to 10\.1\.2\.3, a private address/],
    ['http://mixed.test/hook', /mixed\.test resolves to 10\.0\.0\.7, a private address/],
    ['http://odd.test/', /not an IP address/],
    ['ftp://hooks.example.com/hook', /https:\/\/ or http:\/\/, not ftp:/],
    ['file:///etc/passwd', /https:\/\/ or http:\/\/, not file:/],
    ['javascript:alert(1)', /https:\/\/ or http:\/\//],
    ['http://user:pass@hooks.example.com/', /user name or password/],
    ['http://user@hooks.example.com/', /user name or password/],
    ['http://hooks.example.org/', /hooks\.example\.org is not among the hosts/],
    ['http://169.254.169.254.nip.io/', /not among the hosts/],
    ['hooks.example.com/hook', /not a URL/],
    [`https://hooks.example.com/${'x'.repeat(2000)}`, /at most 2000 characters/],
  ];

  it.each(crafted)('refuses %s', async (url, reason) => {
    const checked = await checkWebhookUrl(url, policy, resolverOf(NAMES));
    expect(checked).toEqual({ ok: false, reason: expect.stringMatching(reason) as string });
  });

  it('counts at least twenty crafted URLs', () => {
    expect(crafted.length).toBeGreaterThanOrEqual(20);
  });

  it('asks DNS only for an allowed name, never for an address or a name not allowed', async () => {
    const resolve = resolverOf(NAMES);
    await checkWebhookUrl('http://2130706433/', policy, resolve);
    await checkWebhookUrl('http://[::1]/', policy, resolve);
    await checkWebhookUrl('http://hooks.example.org/', policy, resolve);
    await checkWebhookUrl('ftp://hooks.example.com/', policy, resolve);
    expect(resolve).not.toHaveBeenCalled();
    await checkWebhookUrl('http://internal.test/', policy, resolve);
    expect(resolve.mock.calls).toEqual([['internal.test']]);
  });

  it('calls a failed or empty resolution temporary (a retry may do)', async () => {
    const failed = parseWebhookAllow('gone.test, nowhere.test');
    expect(await checkWebhookUrl('http://gone.test/', failed, resolverOf(NAMES))).toEqual({
      ok: false,
      reason: expect.stringMatching(/gone\.test did not resolve/) as string,
      temporary: true,
    });
    expect(await checkWebhookUrl('http://nowhere.test/', failed, resolverOf(NAMES))).toMatchObject({ ok: false, temporary: true });
  });

  it('allows private and loopback targets the operator listed by address, and only those', async () => {
    const explicit = parseWebhookAllow('internal.test, localhost, 10.0.0.0/8, 127.0.0.1, fd00::/8');
    const resolve = resolverOf(NAMES);
    expect(await checkWebhookUrl('http://internal.test/hook', explicit, resolve)).toMatchObject({ ok: true, addresses: ['10.1.2.3'] });
    expect(await checkWebhookUrl('http://10.0.0.5:8080/hook', explicit, resolve)).toMatchObject({ ok: true, addresses: ['10.0.0.5'] });
    expect(await checkWebhookUrl('http://0x7f.1:8080/', explicit, resolve)).toMatchObject({ ok: true, addresses: ['127.0.0.1'] });
    expect(await checkWebhookUrl('http://[fd00::1]/', explicit, resolve)).toMatchObject({ ok: true, addresses: ['fd00::1'] });
    // localhost is also ::1, which is not listed: no address of it is called.
    expect(await checkWebhookUrl('http://localhost/', explicit, resolve)).toMatchObject({ ok: false, reason: /localhost resolves to ::1, a loopback/ });
    expect(await checkWebhookUrl('http://127.0.0.2/', explicit, resolve)).toMatchObject({ ok: false, reason: /loopback/ });
    expect(await checkWebhookUrl('http://[::ffff:10.0.0.5]/', explicit, resolve)).toMatchObject({ ok: false, reason: /IPv4-mapped/ });
    // A public address in the URL is called only when listed, as a name is.
    expect(await checkWebhookUrl(`http://${PUBLIC_V4}/`, explicit, resolve)).toMatchObject({ ok: false, reason: /not among the hosts/ });
    expect(await checkWebhookUrl(`http://${PUBLIC_V4}/`, parseWebhookAllow(PUBLIC_V4), resolve)).toMatchObject({ ok: true, addresses: [PUBLIC_V4] });
  });
});

describe('validateWebhookUrlForSaving', () => {
  it('checks the shape without a policy', () => {
    expect(validateWebhookUrlForSaving('https://hooks.example.com/x')).toMatchObject({ ok: true });
    expect(validateWebhookUrlForSaving('ftp://hooks.example.com/x')).toMatchObject({ ok: false, reason: /not ftp:/ });
    expect(validateWebhookUrlForSaving('https://a:b@hooks.example.com/x')).toMatchObject({ ok: false, reason: /password/ });
    expect(validateWebhookUrlForSaving('not a url')).toMatchObject({ ok: false, reason: /not a URL/ });
    expect(validateWebhookUrlForSaving(`https://h.example/${'x'.repeat(1990)}`)).toMatchObject({ ok: false, reason: /2000/ });
  });

  it('with the policy, judges the host without DNS', () => {
    const policy = parseWebhookAllow('hooks.example.com, 10.0.0.0/8');
    expect(validateWebhookUrlForSaving('https://hooks.example.com/x', policy)).toMatchObject({ ok: true });
    expect(validateWebhookUrlForSaving('http://10.1.1.1/x', policy)).toMatchObject({ ok: true });
    expect(validateWebhookUrlForSaving('https://other.example.com/x', policy)).toMatchObject({ ok: false, reason: /not among the hosts/ });
    expect(validateWebhookUrlForSaving('http://0177.0.0.1/x', policy)).toMatchObject({ ok: false, reason: /loopback/ });
  });
});
