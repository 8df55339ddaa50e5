/**
 * Whether this server has sign-in on (AUTH_MODE proxy or password): asked once, after the first
 * candle, so the account status's code and styles load only where there is something to show
 * (most servers: none, and nothing more than this small request).
 */
import { useEffect, useState } from 'react';

export function useSignInOn(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    let live = true;
    fetch('/auth/me', { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<{ mode?: unknown }>) : undefined))
      .then((me) => {
        if (live && typeof me?.mode === 'string' && me.mode !== 'none') setOn(true);
      })
      // No answer: no account status (the panels still say when data needs a sign-in).
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return on;
}
