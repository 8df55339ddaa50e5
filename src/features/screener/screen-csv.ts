/**
 * A screen's rows as CSV (the watchlist's helper, src/lib/csv.ts): symbol, name and each column
 * the table shows, in its order, numbers plain (no units, no grouping), unknown values empty.
 */
import type { ScreenColumn } from '#shared/screener/screen-model.ts';
import { t } from '../../i18n/t';
import { csvBlob, csvNumber, csvRecords, csvText } from '../../lib/csv';
import { downloadBlob } from '../../lib/download';
import { exportFileName } from '../../lib/export-text';
import type { ResultRow } from './results-table';
import { columnName } from './screen-words';

export function screenCsv(columns: readonly ScreenColumn[], rows: readonly ResultRow[]): string {
  const header = [t('Symbol'), t('Name'), ...columns.map(columnName)];
  const records = rows.map((row) => [
    csvText(row.symbol),
    csvText(row.name),
    ...columns.map((_column, index) => {
      const value = row.values[index];
      return typeof value === 'string' ? csvText(value) : csvNumber(value ?? undefined);
    }),
  ]);
  return csvRecords([header, ...records]);
}

export function exportScreen(name: string, columns: readonly ScreenColumn[], rows: readonly ResultRow[], now: number): void {
  downloadBlob(csvBlob(screenCsv(columns, rows)), exportFileName(['screen', name || 'screen'], now, 'csv'));
}
