/**
 * "Your data" (opened from the header): where the workspace is kept, "Export my data" (the whole
 * workspace as one JSON file, src/store/records/workspace-file.ts) and its import, which restores
 * a file's records through the tabs' exchange, so every tab and the server take them; and sharing
 * (share-section.tsx). Loaded on demand.
 */
import { useState } from 'react';
import { Modal } from '../../components/ui/modal';
import { t } from '../../i18n/t';
import { downloadBlob } from '../../lib/download';
import type { ChangeBatch, UserRecord } from '#shared/records.ts';
import { WORKSPACE_STORES } from '#shared/workspace-protocol.ts';
import { loadRecords, RECORDS_KEY_PREFIX, recordsChannelName } from '../../store/records/tab-sync';
import { importDiff, readWorkspaceFile, workspaceFile } from '../../store/records/workspace-file';
import { wallClock } from '../../time/clock';
import { ShareSection } from './share-section';

const heldRecords = (): Map<string, Map<string, UserRecord>> =>
  new Map(WORKSPACE_STORES.map((store) => [store, loadRecords(localStorage, RECORDS_KEY_PREFIX + store)]));

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

/** Restores the file's records in every tab (and so on the server); how many changed. */
function importData(text: string): { imported: number } | { problem: string } {
  const read = readWorkspaceFile(text);
  if ('problem' in read) return read;
  const held = heldRecords();
  const by = `import-${wallClock.now().toString(36)}`;
  let imported = 0;
  for (const [store, records] of read.stores) {
    const diff = importDiff(held.get(store) ?? new Map(), records, by, wallClock.now());
    imported += diff.added.length + diff.updated.length;
    if (diff.added.length + diff.updated.length === 0) continue;
    // A channel of its own: this tab's exchange hears it as it hears another tab.
    const channel = new BroadcastChannel(recordsChannelName(store));
    channel.postMessage({ store, source: by, diff } satisfies ChangeBatch);
    channel.close();
  }
  return { imported };
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
                  const result = importData(text);
                  setOutcome(
                    'problem' in result
                      ? t('That file is not a Chartroom workspace: {problem}', { problem: result.problem })
                      : t('Imported {count} records.', { count: result.imported }),
                  );
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
