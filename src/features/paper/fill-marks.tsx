/**
 * The paper account's fills on the main chart: a green ▲ under each buy and a red ▼ over each
 * sell, at the fill's own moment and price (not at the bar's high or low, as the library's markers
 * would put them): what a trader reads back when judging an entry. Drawn by one series primitive
 * for every fill of the charted instrument; hidden under backward adjustment (raw traded prices,
 * as the paper lines). The chart's element reports the marks in view on `data-paper-fills`.
 */
import { useEffect } from 'react';
import type { IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesPrimitive, SeriesAttachedParameter } from 'lightweight-charts';
import type { ProductType } from '#shared/contract.ts';
import type { Fill } from '#shared/paper/paper-model.ts';
import { useAppStore } from '../../store/app-store';
import { useMainChartSurface, type ChartSurface } from '../chart/chart-surface';
import { BUY_COLOR, ofInstrument, SELL_COLOR } from './paper-lines';
import { usePaperStore } from './paper-store';

/** Half the triangle's width, and its height (px). */
const SIZE = 5;
/** The gap between the fill's price and the triangle's tip (px). */
const GAP = 2;
/** The newest fills drawn: an account traded all day shows its last ones, never thousands. */
const MOST = 500;

export interface FillMark {
  side: Fill['side'];
  time: number;
  price: number;
}

/** The marks of the charted instrument's fills, newest `MOST` of them. */
export function fillMarks(fills: readonly Fill[], symbol: string, type: ProductType | undefined): FillMark[] {
  return fills
    .filter(ofInstrument(symbol, type))
    .slice(-MOST)
    .map(({ side, time, price }) => ({ side, time, price }));
}

type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

interface Placed {
  side: Fill['side'];
  x: number;
  y: number;
}

/** Draws `marks` on `surface` until the returned removal is called. */
function drawFillMarks(surface: ChartSurface, marks: readonly FillMark[]): () => void {
  const { chart, priceSeries, element } = surface;
  let placed: Placed[] = [];
  const draw = (target: DrawTarget): void => {
    target.useMediaCoordinateSpace(({ context }) => {
      for (const { side, x, y } of placed) {
        context.fillStyle = side === 'buy' ? BUY_COLOR : SELL_COLOR;
        // A buy's ▲ points up at its price from below; a sell's ▼ down at it from above.
        const tip = side === 'buy' ? y + GAP : y - GAP;
        const base = side === 'buy' ? tip + SIZE : tip - SIZE;
        context.beginPath();
        context.moveTo(x, tip);
        context.lineTo(x - SIZE, base);
        context.lineTo(x + SIZE, base);
        context.closePath();
        context.fill();
      }
    });
    element.dataset.paperFills = String(placed.length);
  };
  const renderer: IPrimitivePaneRenderer = { draw };
  const view: IPrimitivePaneView = { renderer: () => renderer };
  const primitive: ISeriesPrimitive = {
    attached(param: SeriesAttachedParameter) {
      param.requestUpdate();
    },
    // Before each paint: scrolling, zooming and new data move the marks.
    updateAllViews() {
      const width = chart.timeScale().width();
      placed = [];
      for (const { side, time, price } of marks) {
        const x = surface.timeToX(time);
        const y = priceSeries.priceToCoordinate(price);
        if (x !== null && y !== null && x >= 0 && x <= width) placed.push({ side, x, y });
      }
    },
    paneViews: () => [view],
  };
  priceSeries.attachPrimitive(primitive);
  return () => {
    try {
      priceSeries.detachPrimitive(primitive);
    } catch {
      // The chart was removed first: its series went with it.
    }
    delete element.dataset.paperFills;
  };
}

function Marks({ surface, marks }: { surface: ChartSurface; marks: FillMark[] }) {
  const wanted = JSON.stringify(marks);
  useEffect(() => drawFillMarks(surface, JSON.parse(wanted) as FillMark[]), [surface, wanted]);
  return null;
}

export function PaperFillMarks() {
  const surface = useMainChartSurface();
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  const hidden = useAppStore((state) => state.workspace.adjust === 'backward');
  const fills = usePaperStore((state) => state.account.fills);
  if (!surface || hidden) return null;
  const marks = fillMarks(fills, symbol, type);
  return marks.length === 0 ? null : <Marks surface={surface} marks={marks} />;
}
