/**
 * Whether this browser has kept market data for offline visits (offline-cache.ts): a flag in
 * localStorage the boot reads synchronously, so a first visit loads none of the offline code
 * before its first candle, and a repeat visit starts reading IndexedDB at once.
 */
const FLAG = 'chartroom:offline-kept';

export function offlineDataKept(): boolean {
  try {
    return localStorage.getItem(FLAG) === '1';
  } catch {
    return false;
  }
}

export function markOfflineDataKept(): void {
  try {
    localStorage.setItem(FLAG, '1');
  } catch {
    // Storage refused (private mode, quota): the next visit restores nothing, and works online.
  }
}
