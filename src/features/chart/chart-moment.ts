/**
 * A moment the active chart is asked to show: the time an alert fired, from its notification's
 * link (`at=`, src/app/url-moment.ts). The chart's view tools take it once the chart shows that
 * series, and only then load the code that goes there and marks it (chart-moment-view.ts).
 */
import { createCell } from '../../lib/observable';

export interface ChartMoment {
  /** The series it is a moment of (chartDataset: symbol, type, interval). */
  dataset: string;
  /** Instrument time, ms UTC. */
  time: number;
}

/** The moment waiting for its chart; undefined once taken, or when the chart moved on to another series. */
export const chartMomentRequest = createCell<ChartMoment | undefined>(undefined);
