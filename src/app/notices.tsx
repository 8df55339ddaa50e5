/**
 * Transient messages of the app (a link with bad values or symbols, a repaired local store), the
 * question a link to an ambiguous symbol raises, and the connection's word (offline, a new version).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLanguage } from '../i18n/use-language';
import { t } from '../i18n/t';
import { useAppStore } from '../store/app-store';
import { noticeText } from '../store/workspace-slice';
import { SymbolTypePrompt } from './symbol-type-prompt';
import { ConnectionNotices } from './offline/connection-notices';

export function Notices() {
  // A layout link's symbols need the catalogue: checked once the notices show (after the first
  // candle), in a chunk of its own (importing the catalogue's query here would reorder the first page's).
  const queryClient = useQueryClient();
  useEffect(() => {
    void import('./link-symbols').then(({ checkOpeningLink }) => checkOpeningLink(queryClient));
  }, [queryClient]);
  return (
    <>
      <ConnectionNotices />
      <div className="px-3 pt-2 empty:hidden">
        <SymbolTypePrompt />
      </div>
      <NoticeList />
    </>
  );
}

function NoticeList() {
  useLanguage();
  const notices = useAppStore((state) => state.notices);
  const dismiss = useAppStore((state) => state.dismissNotice);
  if (notices.length === 0) return null;
  return (
    <ul aria-label={t('Notices')} className="flex flex-col gap-1 px-3 pt-2">
      {notices.map((notice) => (
        <li
          key={notice.id}
          role="status"
          className="flex items-center justify-between gap-3 rounded border border-amber-500/40 bg-amber-500/10 px-3 py-1.5 text-sm text-amber-800 dark:text-amber-200"
        >
          <span>{noticeText(notice.text, t)}</span>
          <button
            type="button"
            aria-label={t('Dismiss notice')}
            onClick={() => {
              dismiss(notice.id);
            }}
            className="rounded px-1 hover:bg-amber-500/20"
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
