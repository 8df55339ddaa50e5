/**
 * The first contact's question (src/store/records/server-sync.ts): this browser and the user's
 * workspace on the server both hold something, and they differ. Nothing is synced until the
 * user answers; "Decide later" (or Escape) leaves both as they are, and the next visit asks again.
 * Its own React root: it is shown by the sync, which loads after the first candle.
 */
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { Modal } from '../../components/ui/modal';
import { t, type MessageKey } from '../../i18n/t';
import type { SyncChoice } from '../../store/records/server-sync';

const CHOICES: readonly { choice: SyncChoice; label: MessageKey; detail: MessageKey }[] = [
  { choice: 'merge', label: 'Merge both', detail: 'Every list keeps the symbols of both; for anything else the later change wins.' },
  { choice: 'server', label: 'Use the server’s', detail: 'This browser’s own changes are replaced by the server’s.' },
  { choice: 'browser', label: 'Use this browser’s', detail: 'The server’s workspace is replaced by this browser’s, on every device.' },
];

function ChoiceDialog({ onChoose, onLater }: { onChoose: (choice: SyncChoice) => void; onLater: () => void }) {
  // It opens by itself: the keys are its own at once, and the safe answer has the focus.
  const later = useRef<HTMLButtonElement>(null);
  return (
    <Modal label={t('Your workspace on the server')} onClose={onLater} initialFocus={later}>
      <div className="flex flex-col gap-3 p-4">
        <h2 className="text-base font-semibold">{t('Your workspace on the server')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('This browser holds watchlists, drawings or alerts of its own, and your workspace on the server holds others. Which should this browser keep?')}
        </p>
        {CHOICES.map(({ choice, label, detail }) => (
          <button
            key={choice}
            type="button"
            onClick={() => {
              onChoose(choice);
            }}
            className="flex flex-col items-start rounded border border-slate-300 px-3 py-2 text-left hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            <span className="text-sm font-medium">{t(label)}</span>
            <span className="text-xs text-slate-500 dark:text-slate-400">{t(detail)}</span>
          </button>
        ))}
        <button ref={later} type="button" onClick={onLater} className="self-end rounded px-3 py-1 text-sm text-slate-600 hover:underline dark:text-slate-300">
          {t('Decide later')}
        </button>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('Nothing is synced until you choose.')}</p>
      </div>
    </Modal>
  );
}

/** Shows the question; resolves with the answer (never, when the user decides later). */
export function askWorkspaceChoice(): Promise<SyncChoice> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const close = (): void => {
      root.unmount();
      host.remove();
    };
    root.render(
      <ChoiceDialog
        onChoose={(choice) => {
          close();
          resolve(choice);
        }}
        onLater={close}
      />,
    );
  });
}
