/** The chart's look in the library's terms: chart options from the palette, candle colours, price formats, scale modes, pane heights. */
import { ColorType, PriceScaleMode } from 'lightweight-charts';
import type { PriceScaleMode as ScaleMode } from '../../store/preferences-slice';
import type { ChartPalette } from './chart-palette';

export const PANE_STRETCH = { volume: 0.25, oscillator: 0.3 } as const;

export const SCALE_MODES: Record<ScaleMode, PriceScaleMode> = {
  normal: PriceScaleMode.Normal,
  log: PriceScaleMode.Logarithmic,
  percent: PriceScaleMode.Percentage,
};

export const priceFormat = (decimals: number) => ({ type: 'price' as const, precision: decimals, minMove: 10 ** -decimals });

export const chartOptions = (palette: ChartPalette) => ({
  layout: {
    background: { type: ColorType.Solid, color: palette.background },
    textColor: palette.text,
    panes: { separatorColor: palette.border },
    attributionLogo: false,
  },
  grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
  // A label cut by its pane's edge would sit against the next pane's top label: left out instead.
  rightPriceScale: { borderColor: palette.border, entireTextOnly: true },
  timeScale: { borderColor: palette.border },
  crosshair: { vertLine: { color: palette.crosshair }, horzLine: { color: palette.crosshair } },
});

export const candleColors = ({ up, down }: ChartPalette) => ({
  upColor: up,
  downColor: down,
  borderUpColor: up,
  borderDownColor: down,
  wickUpColor: up,
  wickDownColor: down,
});
