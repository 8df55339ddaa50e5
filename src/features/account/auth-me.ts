/**
 * What the server says about sign-in (`GET /auth/me`, issue 20): its AUTH_MODE, and who this
 * browser is signed in as. A server without the endpoint (older, or none mode) means no sign-in.
 */
export type AuthMode = 'none' | 'proxy' | 'password';

export interface Me {
  mode: AuthMode;
  /** Absent when this browser is not signed in. */
  user?: string;
  signInUrl?: string;
  signOutUrl?: string;
}

export const ME_URL = '/auth/me';
const NO_SIGN_IN: Me = { mode: 'none' };

function isMe(value: unknown): value is Me {
  if (typeof value !== 'object' || value === null) return false;
  const { mode, user } = value as { mode?: unknown; user?: unknown };
  return (mode === 'none' || mode === 'proxy' || mode === 'password') && (user === undefined || typeof user === 'string');
}

export async function fetchMe(fetcher: typeof fetch = fetch): Promise<Me> {
  const response = await fetcher(ME_URL, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) return NO_SIGN_IN;
  const body: unknown = await response.json().catch(() => undefined);
  return isMe(body) ? body : NO_SIGN_IN;
}

/** The sign-in page, coming back to `current` (path and query: the workspace is in the URL). */
export function signInHref(me: Me, current: { pathname: string; search: string }): string {
  const base = me.signInUrl ?? '/auth/sign-in';
  return `${base}?next=${encodeURIComponent(current.pathname + current.search)}`;
}

/**
 * Signs out where the server says: the built-in sign-in ends the session with a POST (the page
 * stays); a sign-in proxy's own sign-out page is navigated to (`navigate`), as it expects.
 */
export async function signOut(
  me: Me,
  fetcher: typeof fetch = fetch,
  navigate: (url: string) => void = (url) => {
    window.location.assign(url);
  },
): Promise<boolean> {
  if (me.signOutUrl === undefined) return false;
  if (me.mode === 'proxy') {
    navigate(me.signOutUrl);
    return false;
  }
  const response = await fetcher(me.signOutUrl, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' } });
  return response.ok;
}

/** A failed request the server refused for want of a sign-in (HTTP 401). */
export function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
}
