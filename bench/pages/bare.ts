/**
 * The floor of the first-candle figure: lightweight-charts and one fetch of the K-line window the
 * app asked first (`?kline=<path and query>`, read from the app's request in the same run), no
 * framework. The first-candle mark is set the way the app sets it: in the frame after setData.
 */
import { CandlestickSeries, createChart, type CandlestickData, type UTCTimestamp } from 'lightweight-charts';
import { chartSlot, fullPageColumn, pageHeading } from './layout.ts';

interface KlineBody {
  data: { klines: { time: number; open: string; high: string; low: string; close: string }[] };
}

const klinePath = new URLSearchParams(location.search).get('kline');
if (!klinePath?.startsWith('/v1/market/kline?')) throw new Error('bare page: ?kline=/v1/market/kline?… is required');

// The request leaves first; the chart is built while it is in flight.
const body = fetch(klinePath, { headers: { Accept: 'application/json' } }).then((response) => response.json() as Promise<KlineBody>);
const column = fullPageColumn();
pageHeading(column, 'Bare chart');
const chart = createChart(chartSlot(column, 'Bare chart'), { autoSize: true, layout: { attributionLogo: false } });
const series = chart.addSeries(CandlestickSeries);

void body.then(({ data }) => {
  series.setData(
    data.klines.map((k): CandlestickData => ({
      time: (k.time / 1000) as UTCTimestamp,
      open: Number(k.open),
      high: Number(k.high),
      low: Number(k.low),
      close: Number(k.close),
    })),
  );
  requestAnimationFrame(() => {
    performance.mark('chartroom:first-candle');
  });
});
