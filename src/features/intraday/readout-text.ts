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
    // A price like any other: the symbol's precision (the service's average carries up to six decimals).
    avg: formatPrice(point.avg, precision),
    volume: formatCompact(point.volume),
  };
}

export function readoutSentence(fields: ReadoutFields): string {
  return t('{time}, price {price}, average {avg}, volume {volume}', { time: fields.time, price: fields.price, avg: fields.avg, volume: fields.volume });
}
