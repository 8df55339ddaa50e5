/**
 * What of the user's edit another device's, made at the same time, did not keep (server-sync's
 * combined changes): a list's two names cannot both stay, and the tie-break picks one, so the
 * device whose name went is told. Symbols added on both keep both, and need no word.
 */
import { WATCHLIST_KIND } from '#shared/record-merges.ts';
import type { UserRecord } from '#shared/records.ts';
import { appRecords } from '../../store/records/app-records';
import type { CombinedChange } from '../../store/records/server-sync';

const nameOf = (record: UserRecord | undefined): unknown => (record && !record.deleted ? (record.value as { name?: unknown } | undefined)?.name : undefined);

/** The name the user gave a list and the one kept instead, when the user's rename was not kept. */
export function overruledRename({ store, base, mine, result }: CombinedChange): { mine: string; theirs: string } | undefined {
  if (store !== appRecords.store || mine.kind !== WATCHLIST_KIND) return undefined;
  const [was, wanted, kept] = [nameOf(base), nameOf(mine), nameOf(result)];
  if (typeof wanted !== 'string' || typeof kept !== 'string' || wanted === was || kept === wanted) return undefined;
  return { mine: wanted, theirs: kept };
}
