/** The words of the hover readout, shared by the visible line and the cursor's value text. */
import { t } from '../../i18n/t';
import { formatCompact, formatPrice } from '../../lib/format';
import { formatClock } from './axis-ticks';
import type { PlotPoint } from './intraday-points';

export interface ReadoutFields {
  time: string;
  price: string;
  avg: string;
  volume: string;
}

export function readoutFields(point: PlotPoint, precision: number, timeZone: string): ReadoutFields {
  return {
    time: formatClock(point.time, timeZone),
    price: formatPrice(point.price, precision),
    // The average is finer than any traded price: two more decimals (up to 4, never fewer).
    avg: formatPrice(point.avg, Math.max(precision, Math.min(4, precision + 2))),
    volume: formatCompact(point.volume),
  };
}

export function readoutSentence(fields: ReadoutFields): string {
  return t('{time}, price {price}, average {avg}, volume {volume}', { time: fields.time, price: fields.price, avg: fields.avg, volume: fields.volume });
}
