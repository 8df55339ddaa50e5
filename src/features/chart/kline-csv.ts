/**
 * The chart's candles as CSV: a comment line naming the series (export-description), a header,
 * then one record per candle, oldest first: the time in the chart's zone and in epoch ms, the
 * prices as drawn (adjusted), the volumes, and the open interest. Columns that no candle has
 * (quote volume of futures, open interest of everything else) are left out; a candle lacking a
 * value the others have leaves its cell empty.
 */
import { t } from '../../i18n/t';
import type { Candle } from '#shared/candle.ts';
import { csvNumber, csvRecords } from '../../lib/csv';
import { zonedDateTime } from '../../lib/export-text';
import { precisionOf } from '../../lib/format';
import { csvCommentLine, type ChartExportDescription } from './export-description';

/**
 * Price decimals of the whole series: the most any price needs, so no price is rounded (forward
 * adjustment gives old candles more decimals than recent ones) and every row has the same number.
 */
export function seriesDecimals(candles: readonly Candle[]): number {
  return precisionOf(candles.flatMap((c) => [c.open, c.high, c.low, c.close].map(String)));
}

export function klineCsv(description: ChartExportDescription, candles: readonly Candle[]): string {
  const decimals = seriesDecimals(candles);
  const withQuote = candles.some((c) => c.quoteVolume !== undefined);
  const withInterest = candles.some((c) => c.openInterest !== undefined);
  // In the language of the page: a spreadsheet's reader reads these (English: the API's field names).
  const header = [
    t('time ({zone})', { zone: description.timeZone }),
    t('time_ms'),
    t('open'),
    t('high'),
    t('low'),
    t('close'),
    t('volume'),
    ...(withQuote ? [t('quote_volume')] : []),
    ...(withInterest ? [t('open_interest')] : []),
  ];
  const rows = candles.map((c) => [
    zonedDateTime(c.time, description.timeZone),
    String(c.time),
    csvNumber(c.open, decimals),
    csvNumber(c.high, decimals),
    csvNumber(c.low, decimals),
    csvNumber(c.close, decimals),
    csvNumber(c.volume),
    ...(withQuote ? [csvNumber(c.quoteVolume)] : []),
    ...(withInterest ? [csvNumber(c.openInterest)] : []),
  ]);
  return csvRecords([[csvCommentLine(description)], header, ...rows]);
}
