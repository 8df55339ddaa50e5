/** series-data's points as the library types them: their times are plain seconds, the library brands them (UTCTimestamp). */
import type { CandlestickData, HistogramData, LineData, WhitespaceData } from 'lightweight-charts';
import type { BarPoint, LinePoint, VolumePoint, WhitespacePoint } from './series-data';

export const asCandle = (point: BarPoint) => point as CandlestickData;
export const asVolume = (point: VolumePoint) => point as HistogramData;
export const asHistogram = (points: (VolumePoint | WhitespacePoint)[]) => points as (HistogramData | WhitespaceData)[];
export const asLine = (points: LinePoint[]) => points as (LineData | WhitespaceData)[];
export const asLinePoint = (point: LinePoint) => point as LineData | WhitespaceData;
export const asHistogramPoint = (point: VolumePoint | WhitespacePoint) => point as HistogramData | WhitespaceData;
