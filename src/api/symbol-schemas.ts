/** GET /v1/symbols/available: products, summary and pagination (§2.2, §2.3). */
import * as z from './schema';
import { integer } from './schema-primitives';

export const productSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  market: z.string(),
  type: z.string(),
  currency: z.string(),
  is_active: z.boolean(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const symbolListSchema = z.object({
  products: z.array(productSchema),
  summary: z.object({
    total_products: integer,
    by_market: z.record(z.string(), integer),
    by_type: z.record(z.string(), integer),
    last_updated: z.string(),
  }),
  pagination: z.object({
    limit: integer,
    offset: integer,
    total: integer,
    count: integer,
  }),
});
export type SymbolList = z.infer<typeof symbolListSchema>;
