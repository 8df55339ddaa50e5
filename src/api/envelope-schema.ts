/** The response envelope of every endpoint (§2.1); trade-days omits `message`. */
import * as z from './schema';

export const envelopeSchema = z.looseObject({
  code: z.number(),
  message: z.optional(z.string()),
  data: z.optional(z.unknown()),
  /** Chartroom's name of an error, e.g. AMBIGUOUS_SYMBOL (README). */
  error: z.optional(z.string()),
});
export type Envelope = z.infer<typeof envelopeSchema>;
