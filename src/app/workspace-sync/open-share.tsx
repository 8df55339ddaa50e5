/**
 * A shared link (`/?share=<id>`) opened: what was shared and by whom, and a button that copies it
 * into this user's workspace. A watchlist becomes a new list of theirs (a free name); a layout
 * replaces the charts on the screen and adds its drawings to theirs (a drawing already there, by
 * its id, is not added twice). Nothing changes until the button is pressed. Its own React root:
 * it opens after the first candle.
 */
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ShareRead } from '#shared/share-protocol.ts';
import { drawingsOf, useDrawingsStore } from '../../features/chart/drawings/drawings-store';
import type { Drawing } from '../../features/chart/drawings/drawing-model';
import { Modal } from '../../components/ui/modal';
import { t } from '../../i18n/t';
import { useAppStore } from '../../store/app-store';
import { shownCharts } from '../../store/chart-layout';
import { shareClient, shareProblem, type ShareAnswer } from './share-client';
import { drawingsToAdd, readSharedLayout, readSharedWatchlist, type OpenedLayout } from './share-values';

const NO_DRAWINGS: ReadonlyMap<string, readonly Drawing[]> = new Map();

type Opened =
  | { state: 'loading' }
  | { state: 'problem'; message: string }
  | { state: 'watchlist'; read: ShareRead; symbols: string[] }
  | { state: 'layout'; read: ShareRead; opened: OpenedLayout };

function readOf(answer: ShareAnswer<ShareRead>): Opened {
  if (!answer.ok) return { state: 'problem', message: shareProblem(answer, 'opening') };
  const { share, value } = answer.value;
  if (share.kind === 'watchlist') {
    const symbols = readSharedWatchlist(value);
    return symbols ? { state: 'watchlist', read: answer.value, symbols } : { state: 'problem', message: t('This shared watchlist is damaged.') };
  }
  const opened = readSharedLayout(value);
  return opened ? { state: 'layout', read: answer.value, opened } : { state: 'problem', message: t('This shared layout is damaged.') };
}

/** Copies the share into this workspace; the outcome to show. */
function copyIn(opened: Opened): string {
  if (opened.state === 'watchlist') {
    const store = useAppStore.getState();
    const id = store.createWatchlist(opened.read.share.name);
    for (const symbol of opened.symbols) useAppStore.getState().addSymbol(id, symbol);
    const name = useAppStore.getState().watchlists.find((list) => list.id === id)?.name ?? opened.read.share.name;
    return t('Added to your watchlists as “{name}”.', { name });
  }
  if (opened.state !== 'layout') return '';
  const { layout, drawings } = opened.opened;
  useAppStore.getState().updateLayout(() => layout);
  let added = 0;
  for (const [symbol, list] of drawings) added += useDrawingsStore.getState().addMany(symbol, list);
  return t('The layout is on your screen. Drawings added: {number}.', { number: added });
}

function OpenShareDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const [opened, setOpened] = useState<Opened>({ state: 'loading' });
  const [done, setDone] = useState<string | undefined>(undefined);
  // Opened by a link, not by a click: Escape and Tab must reach it at once. Close is the safe one.
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let live = true;
    void shareClient.read(id).then((answer) => {
      if (live) setOpened(readOf(answer));
    });
    return () => {
      live = false;
    };
  }, [id]);
  const button = 'rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';
  const primary = 'rounded bg-sky-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-700';
  const shared = opened.state === 'watchlist' || opened.state === 'layout' ? opened.read.share : undefined;
  const sharedDrawings = opened.state === 'layout' ? opened.opened.drawings : NO_DRAWINGS;
  const toAdd = useDrawingsStore((state) => drawingsToAdd(sharedDrawings, (symbol) => drawingsOf(state, symbol)));
  return (
    <Modal label={t('Shared with you')} onClose={onClose} initialFocus={closeButton}>
      <div className="flex flex-col gap-3 p-4" data-testid="open-share">
        <h2 className="text-base font-semibold">{shared ? `“${shared.name}”` : t('Shared with you')}</h2>
        {opened.state === 'loading' && <p className="text-sm">{t('Loading…')}</p>}
        {opened.state === 'problem' && (
          <p role="alert" className="text-sm">
            {opened.message}
          </p>
        )}
        {opened.state === 'watchlist' && (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('A watchlist shared by {owner}. Symbols: {number}.', { number: opened.symbols.length, owner: opened.read.share.owner })}
            </p>
            <p className="relative max-h-32 overflow-y-auto font-mono text-xs" data-testid="shared-symbols">
              {opened.symbols.join(' · ')}
            </p>
          </>
        )}
        {opened.state === 'layout' && (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('A layout shared by {owner}. Charts: {number}.', { number: shownCharts(opened.opened.layout).length, owner: opened.read.share.owner })}
            </p>
            <p className="font-mono text-xs" data-testid="shared-charts">
              {shownCharts(opened.opened.layout)
                .map((view) => `${view.symbol} ${view.interval}`)
                .join(' · ')}
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {t('It replaces the charts on your screen. Drawings it adds to yours: {number}.', { number: toAdd })}
            </p>
          </>
        )}
        {done !== undefined && (
          <p role="status" className="text-sm">
            {done}
          </p>
        )}
        <div className="flex justify-end gap-2">
          {shared && done === undefined && (
            <button
              type="button"
              className={primary}
              onClick={() => {
                setDone(copyIn(opened));
              }}
            >
              {opened.state === 'watchlist' ? t('Add to my watchlists') : t('Use this layout')}
            </button>
          )}
          <button ref={closeButton} type="button" className={button} onClick={onClose}>
            {t('Close')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** Shows the shared link's dialog over the app. */
export function openShare(id: string): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <OpenShareDialog
      id={id}
      onClose={() => {
        root.unmount();
        host.remove();
      }}
    />,
  );
}
