/**
 * What an export of the chart is of: symbol, interval, adjustment (stocks only: other products
 * have none), the zone its times are in, and when it was made. The caption, the CSV's first line
 * and the file names all say it from here, so they never disagree.
 */
import { t } from '../../i18n/t';
import type { AdjustMode, Interval } from '#shared/contract.ts';
import { exportFileName, isoSeconds } from '../../lib/export-text';
import { ADJUST_NAMES } from './adjust-names';

export interface ChartExportDescription {
  symbol: string;
  interval: Interval;
  /** The adjustment drawn; undefined for products that have none (not stocks). */
  adjust: AdjustMode | undefined;
  /** IANA zone the chart shows its times in. */
  timeZone: string;
  /** When the export was made, ms UTC. */
  exportedAt: number;
}

/** The image's caption: what is charted on the left, the zone and the export time on the right. */
export function captionText(d: ChartExportDescription): { title: string; detail: string } {
  const title = [d.symbol, d.interval, d.adjust && t(ADJUST_NAMES[d.adjust])].filter(Boolean).join(' · ');
  return { title, detail: t('Times in {zone} · exported {time}', { zone: d.timeZone, time: isoSeconds(d.exportedAt).replace('T', ' ').replace('Z', ' UTC') }) };
}

/**
 * The CSV's first line, a comment ('#'): readers told to skip comments (pandas `comment='#'`,
 * R `comment.char`) skip it; a spreadsheet shows it as a one-cell title row above the header.
 */
export function csvCommentLine(d: ChartExportDescription): string {
  return `# ${d.symbol} ${d.interval} adjust=${d.adjust ?? 'none'} zone=${d.timeZone} exported ${isoSeconds(d.exportedAt)}`;
}

export function chartFileName(d: ChartExportDescription, extension: 'png' | 'csv'): string {
  return exportFileName([d.symbol, d.interval, d.adjust ?? ''], d.exportedAt, extension);
}
