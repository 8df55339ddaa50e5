/** K-line payloads: series (§2.6), periods (§2.12) and adjustment factors (§2.13). */
import * as z from './schema';
import { decimal, integer, timestampMs } from './schema-primitives';

export const klineSchema = z.object({
  time: timestampMs,
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal,
  quote_volume: z.optional(decimal),
  open_interest: z.optional(decimal),
});
export type Kline = z.infer<typeof klineSchema>;

export const klineSeriesSchema = z.object({
  symbol: z.string(),
  /** Listed among the fields, absent from the contract's latest-endpoint example. */
  type: z.optional(z.string()),
  interval: z.string(),
  klines: z.array(klineSchema),
});
export type KlineSeries = z.infer<typeof klineSeriesSchema>;

/** The latest endpoint answers one series per requested symbol. */
export const latestKlinesSchema = z.array(klineSeriesSchema);

export const klineIntervalsSchema = z.object({
  count: integer,
  description: z.string(),
  intervals: z.array(z.string()),
});
export type KlineIntervals = z.infer<typeof klineIntervalsSchema>;

export const adjustFactorSchema = z.object({
  timestamp: timestampMs,
  adjust: z.enum(['forward', 'backward']),
  factor_a: z.number(),
  factor_b: z.number(),
});

/** `data.data[symbol]` holds the factors of each requested stock. */
export const exFactorsSchema = z.object({
  data: z.record(z.string(), z.array(adjustFactorSchema)),
});
export type ExFactors = z.infer<typeof exFactorsSchema>;
