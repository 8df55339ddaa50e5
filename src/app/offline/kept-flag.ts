/**
 * Whether this browser has kept market data for offline visits (offline-cache.ts): a flag in
 * localStorage the boot reads synchronously, so a first visit loads none of the offline code
 * before its first candle, and a repeat visit starts reading IndexedDB at once.
 */
/** Set and removed by offline-start.ts: only this reading is on the first page. */
export const OFFLINE_KEPT_FLAG = 'chartroom:offline-kept';

export function offlineDataKept(): boolean {
  try {
    return localStorage.getItem(OFFLINE_KEPT_FLAG) === '1';
  } catch {
    return false;
  }
}
