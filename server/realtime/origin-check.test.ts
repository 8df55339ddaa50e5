import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin-check.ts';

const none: ReadonlySet<string> = new Set();

describe('isAllowedOrigin', () => {
  it('allows a missing Origin (non-browser clients)', () => {
    expect(isAllowedOrigin(undefined, '127.0.0.1:8080', none)).toBe(true);
  });

  it('allows same-origin pages, default ports included', () => {
    expect(isAllowedOrigin('http://127.0.0.1:8080', '127.0.0.1:8080', none)).toBe(true);
    expect(isAllowedOrigin('https://charts.example', 'charts.example', none)).toBe(true);
    expect(isAllowedOrigin('https://charts.example', 'charts.example:443', none)).toBe(true);
    expect(isAllowedOrigin('http://[::1]:5173', '[::1]:5173', none)).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', 'LOCALHOST:5173', none)).toBe(true);
  });

  it('refuses other origins, ports and hosts', () => {
    expect(isAllowedOrigin('http://evil.example', '127.0.0.1:8080', none)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:9999', '127.0.0.1:8080', none)).toBe(false);
    expect(isAllowedOrigin('http://charts.example.evil.example', 'charts.example', none)).toBe(false);
    expect(isAllowedOrigin('https://charts.example', 'charts.example:8443', none)).toBe(false);
  });

  it('refuses null, non-http schemes, non-serialised forms and a missing Host', () => {
    for (const origin of [
      'null',
      'file://',
      'chrome-extension://abc',
      'http://127.0.0.1:8080/',
      'http://127.0.0.1:8080, http://127.0.0.1:8080',
      'HTTP://127.0.0.1:8080',
      'http://127.0.0.1:80',
      '',
      'not a url',
    ]) {
      expect(isAllowedOrigin(origin, '127.0.0.1:8080', none), origin).toBe(false);
    }
    expect(isAllowedOrigin('http://127.0.0.1', '127.0.0.1', none)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1', undefined, none)).toBe(false);
    expect(isAllowedOrigin('http://a.example', 'a.example/x', none)).toBe(false);
    expect(isAllowedOrigin('http://a.example', 'evil@a.example', none)).toBe(false);
  });

  it('allows the origins of CORS_ORIGINS', () => {
    const listed = new Set(['https://app.example']);
    expect(isAllowedOrigin('https://app.example', '127.0.0.1:8080', listed)).toBe(true);
    expect(isAllowedOrigin('http://app.example', '127.0.0.1:8080', listed)).toBe(false);
  });
});
