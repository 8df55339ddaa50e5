/** The order book payload of `GET /v1/market/depth` (public OpenAPI "Order Book"). */
import * as z from './schema';
import { decimal, timestampMs } from './schema-primitives';

/** One level: [price, quantity], both decimal strings. */
export const depthLevelSchema = z.tuple([decimal, decimal]);
export type DepthLevel = z.infer<typeof depthLevelSchema>;

export const depthSchema = z.object({
  symbol: z.string(),
  type: z.optional(z.string()),
  timestamp: timestampMs,
  /** Price descending (best bid first). */
  bids: z.array(depthLevelSchema),
  /** Price ascending (best ask first). */
  asks: z.array(depthLevelSchema),
});
export type Depth = z.infer<typeof depthSchema>;
