/**
 * The zone every time of the workspace instrument is shown in: the chart's Market / Local / UTC
 * choice applied to the instrument's market zone. The chart, its legend, the order book and the
 * trade tape all read it here, so one instrument never shows two zones at once.
 */
import type { ProductType } from '#shared/contract.ts';
import { displayTimeZone, type DisplayZone } from '../lib/time-mapper';
import { useInstrumentTimeZone } from '../queries/use-instrument-type';
import { useAppStore } from '../store/app-store';

export interface InstrumentZone {
  /** The display choice. */
  zone: DisplayZone;
  /** IANA zone of the instrument's market. */
  marketTimeZone: string;
  /** IANA zone the times are shown in. */
  timeZone: string;
}

export function useDisplayZone(symbol: string, type: ProductType | undefined): InstrumentZone {
  const zone = useAppStore((state) => state.workspace.zone);
  const marketTimeZone = useInstrumentTimeZone(symbol, type);
  return { zone, marketTimeZone, timeZone: displayTimeZone(zone, marketTimeZone) };
}
