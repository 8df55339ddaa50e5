/**
 * A fill's time in the trade log: on its instrument's clock under the chart's Market / Local / UTC
 * choice, as `11-24 10:05:30` (the legend's numeric style); the clock alone while dates are hidden
 * (a blind replay).
 */
import { instrumentTimeZone } from '#shared/symbols.ts';
import { dateFormatter } from '../../i18n/format';
import { displayTimeZone, type DisplayZone } from '../../lib/time-mapper';

export interface TimedFill {
  time: number;
  symbol: string;
  type?: string | undefined;
}

export function fillTimeText(fill: TimedFill, zone: DisplayZone, datesHidden: boolean): string {
  const timeZone = displayTimeZone(zone, instrumentTimeZone(fill.symbol, fill.type));
  const parts = dateFormatter('fill-time', {
    timeZone,
    hourCycle: 'h23',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(fill.time);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  const clock = `${part('hour')}:${part('minute')}:${part('second')}`;
  return datesHidden ? clock : `${part('month')}-${part('day')} ${clock}`;
}
