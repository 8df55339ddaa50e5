/**
 * "Import my data" (in "Your data"): a workspace file's records restored in every tab, and so on
 * the server, through the tabs' exchange (src/store/records/workspace-file.ts makes the changes).
 * The alerts already set all stay: the file's new ones come in as far as the cap leaves room (as
 * the New alert dialog refuses the 201st), and the dialog says how many did not.
 */
import type { ChangeBatch, UserRecord } from '#shared/records.ts';
import { WORKSPACE_STORES } from '#shared/workspace-protocol.ts';
import { MAX_ALERTS } from '../../features/alerts/persisted-alerts';
import { t } from '../../i18n/t';
import { loadRecords, RECORDS_KEY_PREFIX, recordsChannelName } from '../../store/records/tab-sync';
import { importDiff, readWorkspaceFile, type RecordCap } from '../../store/records/workspace-file';
import { wallClock } from '../../time/clock';

export type ImportResult = { imported: number; alertsRefused: number } | { problem: string };

/** The alerts store shows at most MAX_ALERTS: one more would push the oldest out (and delete it everywhere). */
const ALERTS_CAP: RecordCap = { kind: 'alert', max: MAX_ALERTS };

/** This browser's records of every store, as its tabs last saved them. */
export const heldRecords = (): Map<string, Map<string, UserRecord>> =>
  new Map(WORKSPACE_STORES.map((store) => [store, loadRecords(localStorage, RECORDS_KEY_PREFIX + store)]));

/** Restores the file's records in every tab (and so on the server); how many changed, and the alerts left out. */
export function importData(text: string): ImportResult {
  const read = readWorkspaceFile(text);
  if ('problem' in read) return read;
  const held = heldRecords();
  const by = `import-${wallClock.now().toString(36)}`;
  let imported = 0;
  let alertsRefused = 0;
  for (const [store, records] of read.stores) {
    const { diff, refused } = importDiff(held.get(store) ?? new Map(), records, by, wallClock.now(), store === 'alerts' ? ALERTS_CAP : undefined);
    alertsRefused += refused;
    imported += diff.added.length + diff.updated.length;
    if (diff.added.length + diff.updated.length === 0) continue;
    // A channel of its own: this tab's exchange hears it as it hears another tab.
    const channel = new BroadcastChannel(recordsChannelName(store));
    channel.postMessage({ store, source: by, diff } satisfies ChangeBatch);
    channel.close();
  }
  return { imported, alertsRefused };
}

/** What the dialog says of an import. */
export function importOutcome(result: ImportResult): string {
  if ('problem' in result) return t('That file is not a Chartroom workspace: {problem}', { problem: result.problem });
  const { imported: count, alertsRefused: refused } = result;
  if (refused === 0) return t('Imported {count} records.', { count });
  return t(
    'Imported {count} records. Alerts not imported: {refused} (Chartroom keeps at most {max} alerts: delete some, then import the file again for the rest).',
    {
      count,
      refused,
      max: MAX_ALERTS,
    },
  );
}
