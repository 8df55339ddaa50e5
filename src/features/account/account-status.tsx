/**
 * Who is signed in, in the header, and sign-out (issue 20); loaded on its own after the first
 * candle, so the first page carries none of it. It shows nothing unless the server says sign-in
 * is on (`GET /auth/me`). When a data request comes back 401 (the session expired or was ended
 * elsewhere) it asks to sign in again, with a link that returns to this very URL: the workspace
 * lives in the URL and the persisted store, so nothing is lost.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchMe, isUnauthorized, signInHref, signOut, type Me } from './auth-me';

type Prompt = 'none' | 'sign-in' | 'expired' | 'signed-out';

const PROMPT_TEXT: Record<Exclude<Prompt, 'none'>, { title: string; body: string }> = {
  'sign-in': { title: 'Sign in to see market data', body: 'This server shares a paid market-data key: data needs a sign-in. The page and your workspace stay as they are.' },
  expired: { title: 'Your session has ended', body: 'Sign in again to go on. Your workspace is kept: you come back to this screen.' },
  'signed-out': { title: 'You are signed out', body: 'Live data has stopped. Sign in again to go on where you were.' },
};

const ME_KEY = ['chartroom', 'auth-me'] as const;

export function AccountStatus() {
  const client = useQueryClient();
  const { data: me, refetch } = useQuery({ queryKey: ME_KEY, queryFn: () => fetchMe(), staleTime: Infinity, retry: false });
  /** Set when a refusal comes after this page was signed in: the session ended mid-use. */
  const [ended, setEnded] = useState<'expired' | 'signed-out' | undefined>();
  const [dismissed, setDismissed] = useState(false);

  // A data request refused with 401: ask the server whether this browser is still signed in.
  useEffect(() => {
    let checking = false;
    return client.getQueryCache().subscribe((event) => {
      if (checking || event.type !== 'updated' || event.action.type !== 'error' || !isUnauthorized(event.action.error)) return;
      checking = true;
      const before = client.getQueryData<Me>(ME_KEY);
      void refetch().then(({ data }) => {
        checking = false;
        if (before?.user !== undefined && data !== undefined && data.mode !== 'none' && data.user === undefined) {
          setEnded((current) => current ?? 'expired');
          setDismissed(false);
        }
      });
    });
  }, [client, refetch]);

  const prompt: Prompt = me === undefined || me.mode === 'none' || me.user !== undefined || dismissed ? 'none' : (ended ?? 'sign-in');
  if (me === undefined || me.mode === 'none') return null;
  const href = signInHref(me, window.location);
  return (
    <>
      <div className="flex items-center gap-1 text-xs" data-testid="account-status">
        {me.user !== undefined ? (
          <>
            <span className="hidden max-w-32 truncate text-slate-500 md:inline dark:text-slate-400" title={`Signed in as ${me.user}`}>
              {me.user}
            </span>
            <span className="sr-only md:hidden">Signed in as {me.user}</span>
            {me.signOutUrl !== undefined && (
              <button
                type="button"
                className="rounded border border-slate-300 px-2 py-1 whitespace-nowrap hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
                onClick={() => {
                  void signOut(me).then((done) => {
                    if (!done) return;
                    setEnded('signed-out');
                    setDismissed(false);
                    client.setQueryData<Me>(ME_KEY, { ...me, user: undefined });
                  });
                }}
              >
                Sign out
              </button>
            )}
          </>
        ) : (
          <a className="rounded border border-sky-600 px-2 py-1 whitespace-nowrap text-sky-700 hover:bg-sky-50 dark:border-sky-400 dark:text-sky-300 dark:hover:bg-slate-800" href={href}>
            Sign in
          </a>
        )}
      </div>
      {prompt !== 'none' && (
        <div
          role="alert"
          data-testid="sign-in-prompt"
          className="fixed top-16 left-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 rounded-md border border-slate-300 bg-white p-4 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="font-semibold">{PROMPT_TEXT[prompt].title}</p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{PROMPT_TEXT[prompt].body}</p>
          <div className="mt-3 flex justify-end gap-2">
            <button
              type="button"
              className="rounded px-3 py-1 hover:bg-slate-100 dark:hover:bg-slate-800"
              onClick={() => {
                setDismissed(true);
              }}
            >
              Not now
            </button>
            <a className="rounded bg-sky-600 px-3 py-1 font-semibold text-white hover:bg-sky-700 dark:bg-sky-400 dark:text-slate-950" href={href}>
              Sign in
            </a>
          </div>
        </div>
      )}
    </>
  );
}
