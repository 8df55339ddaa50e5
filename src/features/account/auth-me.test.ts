import { describe, expect, it } from 'vitest';
import { fetchMe, isUnauthorized, signInHref, signOut } from './auth-me';

const answer = (status: number, body: unknown) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('auth-me', () => {
  it('reads the server’s mode and user; no endpoint or a strange answer means no sign-in', async () => {
    expect(
      await fetchMe(answer(200, { mode: 'password', user: 'alice', signInUrl: '/auth/sign-in', signOutUrl: '/auth/sign-out' }) as typeof fetch),
    ).toMatchObject({ mode: 'password', user: 'alice' });
    expect(await fetchMe(answer(404, { code: 2001 }) as typeof fetch)).toEqual({ mode: 'none' });
    expect(await fetchMe(answer(200, { mode: 'root' }) as typeof fetch)).toEqual({ mode: 'none' });
  });

  it('links to the sign-in page coming back to the same URL (the workspace)', () => {
    expect(signInHref({ mode: 'password', signInUrl: '/auth/sign-in' }, { pathname: '/', search: '?symbol=700.HK&interval=1h' })).toBe(
      '/auth/sign-in?next=%2F%3Fsymbol%3D700.HK%26interval%3D1h',
    );
  });

  it('signs out with a POST only where the server offers it', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const fetcher = ((url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return Promise.resolve(new Response('{}', { status: 200 }));
    }) as typeof fetch;
    expect(await signOut({ mode: 'proxy', user: 'a' }, fetcher)).toBe(false);
    const went: string[] = [];
    expect(await signOut({ mode: 'proxy', user: 'a', signOutUrl: '/oauth2/sign_out' }, fetcher, (url) => went.push(url))).toBe(false);
    expect(went).toEqual(['/oauth2/sign_out']);
    expect(await signOut({ mode: 'password', user: 'a', signOutUrl: '/auth/sign-out' }, fetcher)).toBe(true);
    expect(calls).toEqual([['/auth/sign-out', expect.objectContaining({ method: 'POST' }) as RequestInit]]);
  });

  it('tells 401 refusals from other failures', () => {
    expect(isUnauthorized({ status: 401 })).toBe(true);
    expect(isUnauthorized({ status: 429 })).toBe(false);
    expect(isUnauthorized(undefined)).toBe(false);
  });
});
