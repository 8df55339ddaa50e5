/**
 * "Share with your desk", in "Your data": share the active watchlist or this layout (with its
 * drawings) read-only by a link, copy the link, and revoke what was shared. The server keeps a
 * copy as it is now (shared/share-protocol.ts); sharing again makes a new link.
 */
import { useEffect, useRef, useState } from 'react';
import type { ShareKind, ShareSummary } from '#shared/share-protocol.ts';
import { useDrawingsStore, drawingsOf } from '../../features/chart/drawings/drawings-store';
import { t } from '../../i18n/t';
import { useAppStore } from '../../store/app-store';
import { shownCharts } from '../../store/chart-layout';
import { shareClient, shareProblem } from './share-client';
import { layoutShareValue, shareLink, watchlistShareValue } from './share-values';

const button = 'rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800';
const small = 'rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';

/** Copies `text`; false when the page may not write the clipboard (the link is then selected to copy by hand). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function kindName(kind: ShareKind): string {
  return kind === 'watchlist' ? t('watchlist') : t('layout');
}

export function ShareSection() {
  const [shares, setShares] = useState<ShareSummary[] | undefined>(undefined);
  /** Why nothing can be shared here (no workspace on the server, not signed in), once known. */
  const [unavailable, setUnavailable] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [made, setMade] = useState<ShareSummary | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<string | undefined>(undefined);
  const linkField = useRef<HTMLInputElement>(null);
  const activeList = useAppStore((state) => state.watchlists.find((list) => list.id === state.activeWatchlistId));

  useEffect(() => {
    let live = true;
    void shareClient.listOwn().then((answer) => {
      if (!live) return;
      if (answer.ok) setShares(answer.value.shares);
      else if (answer.status === 401 || answer.status === 501) setUnavailable(shareProblem(answer, 'sharing'));
      else setStatus(shareProblem(answer, 'sharing'));
    });
    return () => {
      live = false;
    };
  }, []);

  const share = async (kind: ShareKind): Promise<void> => {
    setBusy(true);
    setStatus(undefined);
    const state = useAppStore.getState();
    const drawings = useDrawingsStore.getState();
    const [name, value] =
      kind === 'watchlist' && activeList
        ? [activeList.name, watchlistShareValue(activeList)]
        : [
            // The list of links says it is a layout: its symbols name it.
            shownCharts(state.layout)
              .map((view) => view.symbol)
              .join(' · '),
            layoutShareValue(state.layout, (symbol) => drawingsOf(drawings, symbol)),
          ];
    const answer = await shareClient.create(kind, name.slice(0, 80), value);
    setBusy(false);
    if (!answer.ok) {
      setStatus(shareProblem(answer, 'sharing'));
      return;
    }
    setMade(answer.value.share);
    setShares((current) => [answer.value.share, ...(current ?? [])]);
    const copied = await copyText(shareLink(window.location.origin, answer.value.share.id));
    setStatus(copied ? t('Link copied. Anyone signed in can open it and copy it.') : t('Copy the link below to share it.'));
    if (!copied) linkField.current?.select();
  };

  const revoke = async (id: string): Promise<void> => {
    if (confirming !== id) {
      setConfirming(id);
      return;
    }
    setConfirming(undefined);
    const answer = await shareClient.revoke(id);
    if (!answer.ok) {
      setStatus(shareProblem(answer, 'sharing'));
      return;
    }
    setShares((current) => current?.filter((listed) => listed.id !== id));
    if (made?.id === id) setMade(undefined);
    setStatus(t('Revoked: the link no longer opens.'));
  };

  return (
    <section className="flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-700" aria-label={t('Share with your desk')}>
      <h3 className="text-sm font-semibold">{t('Share with your desk')}</h3>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('A read-only link to a copy of it as it is now. Anyone signed in can open it and copy it into their own workspace.')}
      </p>
      {unavailable !== undefined ? (
        <p className="text-sm" data-testid="sharing-unavailable">
          {unavailable}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={button} disabled={busy || !activeList} onClick={() => void share('watchlist')}>
            {t('Share watchlist “{name}”', { name: activeList?.name ?? '' })}
          </button>
          <button type="button" className={button} disabled={busy} onClick={() => void share('layout')}>
            {t('Share this layout')}
          </button>
        </div>
      )}
      {made && (
        <input
          ref={linkField}
          readOnly
          aria-label={t('Link to “{name}”', { name: made.name })}
          data-testid="share-link"
          className="w-full rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-800"
          value={shareLink(window.location.origin, made.id)}
          onFocus={(event) => {
            event.currentTarget.select();
          }}
        />
      )}
      {status !== undefined && (
        <p role="status" className="text-sm">
          {status}
        </p>
      )}
      {shares !== undefined && (
        <div>
          <h4 className="text-xs font-semibold text-slate-600 dark:text-slate-300">{t('Your shared links')}</h4>
          {shares.length === 0 ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('You have shared nothing yet.')}</p>
          ) : (
            <ul className="flex flex-col gap-1" data-testid="own-shares">
              {shares.map((listed) => (
                <li key={listed.id} className="flex items-center gap-2 text-sm">
                  <span className="min-w-0 flex-1 truncate" title={listed.name}>
                    {listed.name} <span className="text-xs text-slate-500 dark:text-slate-400">· {kindName(listed.kind)}</span>
                  </span>
                  <button
                    type="button"
                    className={small}
                    onClick={() => {
                      void copyText(shareLink(window.location.origin, listed.id)).then((copied) => {
                        setStatus(copied ? t('Link copied.') : shareLink(window.location.origin, listed.id));
                      });
                    }}
                  >
                    {t('Copy link')}
                  </button>
                  <button type="button" className={small} aria-label={t('Revoke “{name}”', { name: listed.name })} onClick={() => void revoke(listed.id)}>
                    {confirming === listed.id ? t('Revoke? Click again') : t('Revoke')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
