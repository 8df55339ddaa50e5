/**
 * "Your data" (opened from the header): where the workspace is kept, "Export my data" (the whole
 * workspace as one JSON file, src/store/records/workspace-file.ts) and its import (import-data.ts),
 * which restores a file's records through the tabs' exchange, so every tab and the server take
 * them; and sharing (share-section.tsx). Loaded on demand.
 */
import { useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { t } from '../../i18n/t';
import { downloadBlob } from '../../lib/download';
import { workspaceFile } from '../../store/records/workspace-file';
import { wallClock } from '../../time/clock';
import { heldRecords, importData, importOutcome } from './import-data';
import { ShareSection } from './share-section';

function whereKept(): string {
  const state = document.documentElement.dataset.workspaceSync;
  if (state === 'offline') return t('Offline: changes to your workspace are kept in this browser and sent when the server is back.');
  if (state === 'synced' || state === 'sending') return t('Kept on the server and in this browser.');
  return t('Kept in this browser only.');
}

function exportData(): void {
  const now = new Date(wallClock.now());
  const file = workspaceFile(heldRecords(), now);
  downloadBlob(new Blob([JSON.stringify(file, null, 1)], { type: 'application/json' }), `chartroom-workspace-${now.toISOString().slice(0, 10)}.json`);
}

export function YourDataDialog({ onClose }: { onClose: () => void }) {
  const [outcome, setOutcome] = useState<string | undefined>(undefined);
  const button = 'rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';
  return (
    <Modal label={t('Your data')} onClose={onClose}>
      <div className="flex flex-col gap-3 p-4">
        <h2 className="text-base font-semibold">{t('Your data')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="your-data-kept">
          {whereKept()}
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('One file with your watchlists, layouts, drawings, alerts and settings.')}</p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={button} onClick={exportData}>
            {t('Export my data')}
          </button>
          <label className={`${button} cursor-pointer`}>
            {t('Import my data…')}
            <input
              type="file"
              accept="application/json,.json"
              className="sr-only"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (!file) return;
                void file.text().then((text) => {
                  setOutcome(importOutcome(importData(text)));
                });
              }}
            />
          </label>
        </div>
        {outcome !== undefined && (
          <p role="status" className="text-sm">
            {outcome}
          </p>
        )}
        <ShareSection />
      </div>
    </Modal>
  );
}
