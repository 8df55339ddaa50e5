import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { hostPolicy } from '../host-allowlist.ts';
import { isRealtimeTarget, splitTarget, upgradeRefusal, type UpgradePolicy } from './upgrade-checks.ts';

function request(url: string, headers: Record<string, string> = {}, extraRaw: string[] = []): IncomingMessage {
  const all = { host: '127.0.0.1:8080', ...headers };
  return {
    url,
    method: 'GET',
    headers: all,
    rawHeaders: [...Object.entries(all).flat(), ...extraRaw],
  } as unknown as IncomingMessage;
}

const policy: UpgradePolicy = { hosts: hostPolicy([]), origins: new Set(['https://app.example']) };

describe('splitTarget', () => {
  it('parts a target at its first question mark', () => {
    expect(splitTarget('/v1/realtime?batch=1&x=?')).toEqual({ path: '/v1/realtime', query: 'batch=1&x=?' });
    expect(splitTarget('/v1/realtime')).toEqual({ path: '/v1/realtime', query: '' });
    expect(splitTarget('/v1/realtime?')).toEqual({ path: '/v1/realtime', query: '' });
  });
});

describe('isRealtimeTarget', () => {
  it.each(['/v1/realtime', '/v1/realtime?api_key=x', '/v1/realtime?'])('takes %j', (target) => {
    expect(isRealtimeTarget(target)).toBe(true);
  });

  it.each([
    '/v1/realtime/',
    '/v1/Realtime',
    '/v1/./realtime',
    '/v1/x/../realtime',
    '/v1/%72ealtime',
    '/v1%2frealtime',
    '//v1/realtime',
    '/v1//realtime',
    '/v1\\realtime',
    'http://127.0.0.1/v1/realtime',
    '/v1/realtime#x',
    '/',
    '',
  ])('refuses %j', (target) => {
    expect(isRealtimeTarget(target)).toBe(false);
  });
});

describe('upgradeRefusal', () => {
  it('lets a same-origin, Origin-less or CORS_ORIGINS handshake on /v1/realtime through', () => {
    expect(upgradeRefusal(request('/v1/realtime'), policy)).toBeUndefined();
    expect(upgradeRefusal(request('/v1/realtime', { origin: 'http://127.0.0.1:8080' }), policy)).toBeUndefined();
    expect(upgradeRefusal(request('/v1/realtime', { origin: 'https://app.example' }), policy)).toBeUndefined();
  });

  it('refuses other paths 404, other origins 403, unknown hosts 403, repeated Host 400', () => {
    expect(upgradeRefusal(request('/v1/realtime/x'), policy)).toMatchObject({ status: 404, code: 2001, message: 'Invalid parameter: unknown path' });
    expect(upgradeRefusal(request('/v1/realtime', { origin: 'http://evil.example' }), policy)).toMatchObject({ status: 403, code: 2001 });
    expect(upgradeRefusal(request('/v1/realtime', { host: 'rebound.example:8080', origin: 'http://rebound.example:8080' }), policy)).toMatchObject({
      status: 403,
    });
    expect(upgradeRefusal(request('/v1/realtime', {}, ['Host', 'other.example']), policy)).toMatchObject({ status: 400 });
  });

  it('honours ALLOWED_HOSTS', () => {
    const named: UpgradePolicy = { hosts: hostPolicy(['charts.example']), origins: new Set() };
    const ok = request('/v1/realtime', { host: 'charts.example', origin: 'https://charts.example' });
    expect(upgradeRefusal(ok, named)).toBeUndefined();
    expect(upgradeRefusal(request('/v1/realtime'), named)).toMatchObject({ status: 403 });
  });
});
