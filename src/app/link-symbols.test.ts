import { describe, expect, it } from 'vitest';
import type { ChartLayout } from '../store/chart-layout';
import { DEFAULT_LAYOUT } from '../store/workspace-slice';
import { withoutUnknownCharts } from './link-symbols';
import { parseLink } from './url-state';

const KNOWN = new Set(['AAPL.US', '700.HK', 'EURUSD', 'BTCUSDT', 'MSFT.US', 'NVDA.US', '600519.SH', 'TSLA.US']);
const known = (symbol: string) => KNOWN.has(symbol);

/** The layout a link opens, as the page reads it (the saved layout behind it: the default). */
function linked(search: string): ChartLayout {
  const { layout } = parseLink(search, DEFAULT_LAYOUT);
  if (!layout) throw new Error(`no layout in ${search}`);
  return layout;
}

describe('withoutUnknownCharts: a layout link’s symbols the catalogue does not know', () => {
  it('replaces the one bad cell by a default chart not shown already, keeps the link’s good ones, and names the symbol', () => {
    const link = linked('?layout=4&charts=MSFT.US~1d~none,ZZZ~1d~none,BTCUSDT~1h~none,600519.SH~1d~none&active=0');
    const { layout, unknown } = withoutUnknownCharts(link, link, known);
    expect(unknown).toEqual(['ZZZ']);
    // The slot's own default when it is free…
    expect(layout.charts[1]).toBe(DEFAULT_LAYOUT.charts[1]);
    expect(layout.charts.slice(0, 4).map(({ symbol }) => symbol)).toEqual(['MSFT.US', DEFAULT_LAYOUT.charts[1]?.symbol, 'BTCUSDT', '600519.SH']);
    expect(layout.kind).toBe('4');
    // …else another: never a second chart of a symbol already shown.
    const taken = linked(`?layout=2h&charts=${DEFAULT_LAYOUT.charts[1]?.symbol ?? ''}~1d~none,ZZZ~1d~none`);
    const replaced = withoutUnknownCharts(taken, taken, known)
      .layout.charts.slice(0, 2)
      .map(({ symbol }) => symbol);
    expect(new Set(replaced).size).toBe(2);
    expect(replaced).not.toContain('ZZZ');
  });

  it('reports a link whose active chart is bad (charts=ZZZ~1d~none, or symbol=ZZZ), each bad symbol once', () => {
    for (const search of ['?layout=2h&charts=ZZZ~1d~none,ZZZ~1h~none', '?symbol=ZZZ&layout=2h&active=0']) {
      const link = linked(search);
      const { layout, unknown } = withoutUnknownCharts(link, link, known);
      expect(unknown, search).toEqual(['ZZZ']);
      expect(
        layout.charts.some(({ symbol }) => symbol === 'ZZZ'),
        search,
      ).toBe(false);
    }
  });

  it('leaves a chart the user changed since the link opened, a good link, and charts the layout does not show alone', () => {
    const link = linked('?layout=2h&charts=ZZZ~1d~none,AAPL.US~1d~none');
    const changed: ChartLayout = { ...link, charts: [{ symbol: 'MSFT.US', interval: '1d', adjust: 'none' }, ...link.charts.slice(1)] };
    expect(withoutUnknownCharts(changed, link, known)).toEqual({ layout: changed, unknown: [] });
    const good = linked('?layout=2h&charts=700.HK~1d~none,AAPL.US~1d~none');
    expect(withoutUnknownCharts(good, good, known)).toEqual({ layout: good, unknown: [] });
    const hidden: ChartLayout = { ...good, charts: [...good.charts.slice(0, 3), { symbol: 'ZZZ', interval: '1d', adjust: 'none' }] };
    expect(withoutUnknownCharts(hidden, hidden, known).unknown).toEqual([]);
  });
});
