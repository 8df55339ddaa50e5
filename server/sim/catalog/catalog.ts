/**
 * The whole catalog: every market's instruments, with their corporate actions attached, in a
 * stable order (market, type, symbol), built once on first use and frozen.
 */
import { MARKETS, PRODUCT_TYPES } from '#shared/contract.ts';
import { cnFuturesInstruments } from './cn-futures.ts';
import { cnStockInstruments } from './cn-stocks.ts';
import { cnUniverseInstruments } from './cn-universe.ts';
import { corporateActionsBySymbol } from './corporate-actions.ts';
import { cryptoInstruments } from './crypto.ts';
import { forexInstruments } from './forex.ts';
import { hkMajorCodes, hkMajorInstruments } from './hk-stocks.ts';
import { hkUniverseInstruments } from './hk-universe.ts';
import { indexInstruments } from './indices.ts';
import type { Instrument } from './types.ts';
import { usStockInstruments } from './us-stocks.ts';
import { usUniverseInstruments } from './us-universe.ts';
import { simUniverse, type SimUniverse } from './universe-setting.ts';

/** Numeric codes compare as numbers (2.HK before 10.HK), the rest as plain strings. */
function compareSymbols(a: string, b: string): number {
  const na = Number.parseInt(a, 10);
  const nb = Number.parseInt(b, 10);
  if (!Number.isNaN(na) && !Number.isNaN(nb) && na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareInstruments(a: Instrument, b: Instrument): number {
  return (
    MARKETS.indexOf(a.market) - MARKETS.indexOf(b.market) || PRODUCT_TYPES.indexOf(a.type) - PRODUCT_TYPES.indexOf(b.type) || compareSymbols(a.symbol, b.symbol)
  );
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The universe the start chose (chooseCatalogUniverse); until it chooses, the process environment's. */
let chosenUniverse: SimUniverse | undefined;
/** The universe the shared catalog was built with. */
let builtUniverse: SimUniverse | undefined;

function currentUniverse(): SimUniverse {
  return chosenUniverse ?? simUniverse();
}

/**
 * Sets the universe the catalog is built with: SIM_UNIVERSE as the start read it, from the
 * environment merged with `.env.local`, which `process.env` alone does not hold. The catalog is
 * built once a process, so choosing another universe after it is built is an error, not a no-op.
 */
export function chooseCatalogUniverse(universe: SimUniverse): void {
  if (builtUniverse !== undefined && builtUniverse !== universe) {
    throw new Error(`the simulator's catalogue is already built with SIM_UNIVERSE=${builtUniverse}, not ${universe}`);
  }
  chosenUniverse = universe;
}

/** Builds the catalog from scratch (deterministic: two builds are deep-equal). */
export function buildCatalog(universe: SimUniverse = currentUniverse()): readonly Instrument[] {
  const full = universe === 'full';
  const hkMajors = hkMajorInstruments();
  const hkNames = new Set(hkMajors.map((instrument) => instrument.name));
  const usMajors = usStockInstruments();
  const usNames = new Set(usMajors.map((instrument) => instrument.stockInfo?.name_en ?? instrument.name));
  const usTickers = new Set(usMajors.map((instrument) => instrument.symbol.slice(0, -'.US'.length)));
  const cnMajors = cnStockInstruments();
  const cnNames = new Set(cnMajors.map((instrument) => instrument.name));
  const cnCodes = new Set(cnMajors.map((instrument) => instrument.symbol.slice(0, 6)));
  const instruments = [
    ...forexInstruments(),
    ...indexInstruments(),
    ...cryptoInstruments(),
    ...usMajors,
    ...(full ? usUniverseInstruments(usTickers, usNames) : []),
    ...hkMajors,
    ...hkUniverseInstruments(hkMajorCodes(), hkNames),
    ...cnMajors,
    ...(full ? cnUniverseInstruments(cnCodes, cnNames) : []),
    ...cnFuturesInstruments(),
  ];
  const actions = corporateActionsBySymbol();
  const stocks = new Set(instruments.filter((instrument) => instrument.type === 'stock').map((instrument) => instrument.symbol));
  for (const [symbol] of actions) {
    if (!stocks.has(symbol)) {
      throw new Error(`corporate actions for unknown stock ${symbol}`);
    }
  }
  const withActions = instruments.map((instrument) => {
    const corporateActions = instrument.type === 'stock' ? actions.get(instrument.symbol) : undefined;
    return corporateActions ? { ...instrument, corporateActions } : instrument;
  });
  return deepFreeze(withActions.sort(compareInstruments));
}

let catalog: readonly Instrument[] | undefined;
let hkFeed: readonly Instrument[] | undefined;
const stockFeeds = new Map<'US' | 'CN', readonly Instrument[]>();

/** Every instrument, in a stable order: market (GLOBAL, US, HK, CN), type, symbol. */
export function allInstruments(): readonly Instrument[] {
  if (!catalog) {
    builtUniverse = currentUniverse();
    catalog = buildCatalog(builtUniverse);
  }
  return catalog;
}

/**
 * What the full-HK ticker lists: the HK-calendar indices (HSI, HSCEI, HSTECH) and every HK stock,
 * in catalog order.
 */
export function hkFeedInstruments(): readonly Instrument[] {
  hkFeed ??= Object.freeze(
    allInstruments().filter(
      (instrument) => (instrument.market === 'HK' && instrument.type === 'stock') || (instrument.type === 'indices' && instrument.venue === 'HK'),
    ),
  );
  return hkFeed;
}

/** The code of an instrument in the full-HK feed's `symbol`: '700' for 700.HK, 'HSI' for HSI. */
export function hkFeedCode(instrument: Instrument): string {
  return instrument.symbol.endsWith('.HK') ? instrument.symbol.slice(0, -'.HK'.length) : instrument.symbol;
}

/** What the full-US and full-A-share tickers list: every stock of the market, in catalog order. */
export function stockFeedInstruments(market: 'US' | 'CN'): readonly Instrument[] {
  let feed = stockFeeds.get(market);
  if (!feed) {
    feed = Object.freeze(allInstruments().filter((instrument) => instrument.market === market && instrument.type === 'stock'));
    stockFeeds.set(market, feed);
  }
  return feed;
}
