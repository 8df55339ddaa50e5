/**
 * Who is signed in, in the header, and sign-out (issue 20); loaded on its own after the first
 * candle, so the first page carries none of it. It shows nothing unless the server says sign-in
 * is on (`GET /auth/me`). When a data request comes back 401 (the session expired or was ended
 * elsewhere) it asks to sign in again, with a link that returns to this very URL: the workspace
 * lives in the URL and the persisted store, so nothing is lost.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { t, type MessageKey } from '../../i18n/t';
import { fetchMe, isUnauthorized, signInHref, signOut, type Me } from './auth-me';
import { SIGNED_OUT_EVENT } from '../../lib/page-events';
import './account-status.css';

type Prompt = 'none' | 'sign-in' | 'expired' | 'signed-out';

const PROMPT_TEXT: Record<Exclude<Prompt, 'none'>, { title: MessageKey; body: MessageKey }> = {
  'sign-in': {
    title: 'Sign in to see market data',
    body: 'This server shares a paid market-data key: data needs a sign-in. The page and your workspace stay as they are.',
  },
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
      <div className="account-status" data-testid="account-status">
        {me.user !== undefined ? (
          <>
            <span className="account-user" title={t('Signed in as {user}', { user: me.user })}>
              {me.user}
            </span>
            <span className="sr-only-account">{t('Signed in as {user}', { user: me.user })}</span>
            {me.signOutUrl !== undefined && (
              <button
                type="button"
                className="account-button"
                onClick={() => {
                  window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
                  void signOut(me).then((done) => {
                    if (!done) return;
                    setEnded('signed-out');
                    setDismissed(false);
                    client.setQueryData<Me>(ME_KEY, { ...me, user: undefined });
                  });
                }}
              >
                {t('Sign out')}
              </button>
            )}
          </>
        ) : (
          <a className="account-sign-in" href={href}>
            {t('Sign in')}
          </a>
        )}
      </div>
      {prompt !== 'none' && (
        <div role="alert" data-testid="sign-in-prompt" className="account-prompt">
          <p className="account-prompt-title">{t(PROMPT_TEXT[prompt].title)}</p>
          <p className="account-prompt-body">{t(PROMPT_TEXT[prompt].body)}</p>
          <div className="account-prompt-actions">
            <button
              type="button"
              className="account-prompt-later"
              onClick={() => {
                setDismissed(true);
              }}
            >
              {t('Not now')}
            </button>
            <a className="account-prompt-go" href={href}>
              {t('Sign in')}
            </a>
          </div>
        </div>
      )}
    </>
  );
}
