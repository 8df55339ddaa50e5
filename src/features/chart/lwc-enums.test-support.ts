/** The values of lightweight-charts the indicator code reads, for tests that mock the library: `vi.mock('lightweight-charts', () => import('./lwc-enums.test-support'))`. */
export const HistogramSeries = 'Histogram';
export const LineSeries = 'Line';
export const LineStyle = { Solid: 0, Dotted: 1, Dashed: 2 };
export const ColorType = { Solid: 'solid' };
export const PriceScaleMode = { Normal: 0, Logarithmic: 1, Percentage: 2 };
