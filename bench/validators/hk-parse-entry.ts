/** What bench/validators.ts times in each build: the HK market panel's full ticker list, parsed. */
import { hkTickersSchema } from '../../src/api/quote-schemas.ts';

export function parseHkTickers(value: unknown): number {
  return hkTickersSchema.parse(value).length;
}
