/**
 * Ichimoku kinkō hyō (Hosoda): conversion (tenkan) and base (kijun) lines = the middle of the
 * range of the last `conversion` and `base` bars; span A = their mean, span B = the middle of the
 * last `spanB` bars' range, both drawn `shift` bars later (the cloud). The lagging line (the close
 * drawn `shift` bars back) and the cloud beyond the last candle are not drawn: every value here
 * belongs to a candle that exists.
 */
import { barStream, checkPeriod, type Indicator, type IndicatorFactory } from './indicator.ts';
import { midpoint, RangeWindow } from './range-window.ts';
import { Ring } from './sma.ts';

export function ichimoku(conversion = 9, base = 26, spanB = 52, shift = 26): Indicator {
  checkPeriod(conversion, 'conversion');
  checkPeriod(base, 'base');
  checkPeriod(spanB, 'spanB');
  if (!Number.isInteger(shift) || shift < 0) throw new RangeError(`shift must be a whole number, got ${String(shift)}`);
  return {
    key: `ichimoku-${String(conversion)}-${String(base)}-${String(spanB)}-${String(shift)}`,
    label: `Ichimoku ${String(conversion)}, ${String(base)}, ${String(spanB)}`,
    params: { conversion, base, spanB, shift },
    pane: { kind: 'price' },
    outputs: [
      { key: 'conversion', draw: 'line', colour: 'macd' },
      { key: 'base', draw: 'line', colour: 'signal' },
      { key: 'spanA', draw: 'dashed', colour: 'band' },
      { key: 'spanB', draw: 'line', colour: 'band' },
    ],
    stream() {
      const windows = [new RangeWindow(conversion), new RangeWindow(base), new RangeWindow(spanB)] as const;
      // The spans of the last `shift` bars (NaN while warming up): the oldest is today's.
      const spans = shift > 0 ? [new Ring(shift), new Ring(shift)] : undefined;
      const defined = (v: number | undefined): number | undefined => (v === undefined || Number.isNaN(v) ? undefined : v);
      return barStream((bar, commit, out) => {
        const [c, b, s] = windows.map((window) => window.with(bar));
        const tenkan = c && midpoint(c);
        const kijun = b && midpoint(b);
        const a = tenkan === undefined || kijun === undefined ? Number.NaN : (tenkan + kijun) / 2;
        const bValue = s ? midpoint(s) : Number.NaN;
        out[0] = tenkan;
        out[1] = kijun;
        out[2] = defined(spans ? spans[0]?.leaving : a);
        out[3] = defined(spans ? spans[1]?.leaving : bValue);
        if (!commit) return;
        for (const window of windows) window.push(bar);
        spans?.[0]?.push(a);
        spans?.[1]?.push(bValue);
      }, 4);
    },
  };
}

export const create: IndicatorFactory = (params) => ichimoku(params.conversion, params.base, params.spanB, params.shift);
