/** Smooth path prices to raw traded prices, through the instrument's corporate-action segments. */
import type { InstrumentModel } from './instrument-model.ts';
import { segmentAt } from './instrument-model.ts';
import { MINUTE_MS } from './price-path.ts';

/** Converts `length` consecutive boundary prices from `fromMinute` in place. */
export function toRawPrices(model: InstrumentModel, fromMinute: number, length: number, boundaries: Float64Array): void {
  if (model.events.length === 0) return;
  let segment = segmentAt(model, fromMinute * MINUTE_MS);
  for (let i = 0; i < length; i++) {
    const ms = (fromMinute + i) * MINUTE_MS;
    while (segment < model.events.length && (model.events[segment]?.timestamp ?? Infinity) <= ms) segment++;
    boundaries[i] = (boundaries[i] ?? 0) * (model.segmentA[segment] ?? 1) + (model.segmentB[segment] ?? 0);
  }
}
