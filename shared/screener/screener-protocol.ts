/**
 * The screener's route between the browser and Chartroom's server: the browser posts a screen
 * (screen-model.ts), the server evaluates it over the market it keeps warm (server/screener/) and
 * answers the rows. One answer per request; the browser asks again to follow the market (every
 * few seconds while the screen is shown), and `asOf` tells it whether anything moved.
 */
import type { ScreenResult } from './screen-evaluate.ts';
import type { Screen, ScreenUniverse } from './screen-model.ts';

/** POST, body `ScreenRequest`, answer `ScreenAnswer` (200) or the API's error envelope (400, 401, 429). */
export const SCREENER_PATH = '/chartroom/screener';

export interface ScreenRequest {
  screen: Screen;
  /**
   * Each row also carries its last `spark` daily closes (0, the default: none). At most MAX_SPARK.
   * The results table asks SPARKS_PATH for the rows in view instead: a whole market's closes in
   * every answer was most of its bytes.
   */
  spark?: number;
}

export const MAX_SPARK = 60;

/**
 * POST, body `SparksRequest`, answer `SparksAnswer` (200) or the error envelope (400, 401, 429):
 * the last daily closes of a few symbols of a universe a screen keeps warm, for the sparklines of
 * the rows in view. A universe no screen has asked for answers no closes (it is not warmed for this).
 */
export const SPARKS_PATH = '/chartroom/screener/sparks';
/** Symbols one SparksRequest may name (a screen of rows in view and their overscan). */
export const MAX_SPARK_SYMBOLS = 200;

export interface SparksRequest {
  universe: ScreenUniverse;
  symbols: string[];
  /** Closes per symbol, 1 to MAX_SPARK. */
  count: number;
}

export interface SparksAnswer {
  /** Per symbol (same order), its last `count` daily closes, oldest first; [] where none are kept. */
  closes: number[][];
}

/** How far the market's warm-up has come: symbols whose quote, information and daily bars are in. */
export interface WarmUp {
  /** Symbols of the market. */
  total: number;
  /** Of them, ready to be screened. */
  ready: number;
  /** Upstream requests the warm-up has made so far (the key budget pays them once for the desk). */
  requests: number;
}

export interface ScreenAnswer extends ScreenResult {
  /**
   * 'ready': every symbol was screened; 'warming': only the `warmUp.ready` symbols were (the rows
   * are what they match so far), and the browser says how far the warm-up is.
   */
  state: 'ready' | 'warming';
  warmUp: WarmUp;
  /** The data's instant the quotes stand at (ms). */
  asOf: number;
  /** The server's time to evaluate (ms), for the metrics and the bench. */
  tookMs: number;
  /** Per row (same order), its name in the catalogue's languages where known. */
  names: ({ en?: string; hans?: string; hant?: string } | null)[];
  /** Per row (same order), the last daily closes asked for (`spark`), oldest first. */
  sparks?: number[][];
}
