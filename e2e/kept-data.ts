/** The market data the page kept in IndexedDB for offline visits (src/app/offline/idb-store.ts), as its text; '' with none. */
import type { Page } from '@playwright/test';

export function keptData(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('chartroom-offline');
        // Not there yet: opening must not create it (empty, the page's store could not add its table).
        open.onupgradeneeded = () => {
          open.transaction?.abort();
        };
        open.onerror = () => {
          resolve('');
        };
        open.onsuccess = () => {
          try {
            const read = open.result.transaction('answers').objectStore('answers').get('market-data');
            read.onsuccess = () => {
              resolve(typeof read.result === 'string' ? read.result : '');
            };
            read.onerror = () => {
              resolve('');
            };
          } catch {
            resolve('');
          }
        };
      }),
  );
}
