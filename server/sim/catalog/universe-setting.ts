/** SIM_UNIVERSE: read at start (server/config.ts) and handed to the catalog (chooseCatalogUniverse). */

/**
 * The simulator's US and A-share universes (SIM_UNIVERSE). `full`, the default: at the real
 * service's scale (about 5,000 stocks each, generated as the HK long tail is), so the dashboard,
 * its search and its screener meet a market as a key meets it. `majors`: the hand-written majors
 * only (2,815 products instead of 12,690), which the tests and journeys are written against.
 */
export type SimUniverse = 'full' | 'majors';

export function simUniverse(env: Readonly<Record<string, string | undefined>> = process.env): SimUniverse {
  const value = env.SIM_UNIVERSE;
  if (value === undefined || value === '' || value === 'full') return 'full';
  if (value === 'majors') return 'majors';
  throw new Error(`SIM_UNIVERSE must be full or majors, got ${value}`);
}
