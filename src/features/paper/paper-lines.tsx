/**
 * The paper account on the main chart: the open position's average price and each working order's
 * price, as dashed price lines of the library with their axis labels (a few lines: the cost the
 * alert lines' own primitive avoids for many does not matter here), for the charted instrument. Prices are raw traded prices: as the alert lines, they are hidden under
 * backward adjustment (the chart's latest prices are scaled then). The chart reports the lines it
 * draws on `data-paper-lines` of its element.
 */
import { useEffect, useRef } from 'react';
import { LineStyle, type IPriceLine } from 'lightweight-charts';
import type { ProductType } from '#shared/contract.ts';
import { paperKey, type PaperAccount } from '#shared/paper/paper-model.ts';
import { t } from '../../i18n/t';
import { useAppStore } from '../../store/app-store';
import { useMainChartSurface, type ChartSurface } from '../chart/chart-surface';
import { usePaperStore } from './paper-store';

const POSITION_COLOR = '#3b82f6';

export interface PaperLine {
  key: string;
  price: number;
  title: string;
  color: string;
}
export const BUY_COLOR = '#10b981';
export const SELL_COLOR = '#ef4444';

/** Whether a record (position, order, fill) is of the charted instrument. */
export function ofInstrument(symbol: string, type: ProductType | undefined): (each: { symbol: string; type?: ProductType | undefined }) => boolean {
  const key = paperKey(symbol, type);
  // A chart opened without a type shows the instrument traded with one (and the other way round).
  return (each) =>
    paperKey(each.symbol, each.type) === key ||
    (paperKey(each.symbol, undefined) === paperKey(symbol, undefined) && (type === undefined || each.type === undefined));
}

/** The lines of the instrument: its position's average, then its working orders. */
export function paperLines(account: PaperAccount, symbol: string, type: ProductType | undefined): PaperLine[] {
  const key = paperKey(symbol, type);
  const same = ofInstrument(symbol, type);
  const lines: PaperLine[] = [];
  for (const position of account.positions.filter(same)) {
    const side = position.quantity > 0 ? t('Long') : t('Short');
    lines.push({
      key: `position|${key}`,
      price: position.averagePrice,
      title: `${side} ${Math.abs(position.quantity).toLocaleString('en-US')}`,
      color: POSITION_COLOR,
    });
  }
  // A market order waiting for the open has no price of its own: no line.
  for (const order of account.orders.filter((each) => same(each) && each.kind !== 'market'))
    lines.push({
      key: `order|${order.id}`,
      price: order.price,
      title: `${t(order.side === 'buy' ? 'Buy' : 'Sell')} ${t(order.kind === 'limit' ? 'Limit' : 'Stop')} ${order.quantity.toLocaleString('en-US')}`,
      color: order.side === 'buy' ? BUY_COLOR : SELL_COLOR,
    });
  return lines;
}

function Lines({ surface, lines }: { surface: ChartSurface; lines: PaperLine[] }) {
  const drawn = useRef<IPriceLine[]>([]);
  const wanted = JSON.stringify(lines);
  useEffect(() => {
    const series = surface.priceSeries;
    const list = JSON.parse(wanted) as PaperLine[];
    drawn.current = list.map(({ price, title, color }) =>
      series.createPriceLine({ price, title, color, lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: true }),
    );
    surface.element.setAttribute('data-paper-lines', JSON.stringify(list.map(({ title, price }) => ({ title, price }))));
    return () => {
      for (const line of drawn.current) {
        try {
          series.removePriceLine(line);
        } catch {
          // The chart was removed first: its series went with it.
        }
      }
      drawn.current = [];
      surface.element.removeAttribute('data-paper-lines');
    };
  }, [surface, wanted]);
  return null;
}

export function PaperLines() {
  const surface = useMainChartSurface();
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  const hidden = useAppStore((state) => state.workspace.adjust === 'backward');
  const account = usePaperStore((state) => state.account);
  if (!surface || hidden) return null;
  const lines = paperLines(account, symbol, type);
  // No lines, no element attribute: a closed position leaves the chart as it found it.
  return lines.length === 0 ? null : <Lines surface={surface} lines={lines} />;
}
