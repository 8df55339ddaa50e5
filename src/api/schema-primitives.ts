/**
 * Building blocks of the payload schemas. Open-vocabulary fields (type, market, side…) are plain
 * strings so that a value added by the API later does not fail a whole payload.
 */
import * as z from './schema';

/** A decimal number carried as a string (§2.1), e.g. "222.09", "-0.65", "1e-7". */
export const decimal = z.string().check(z.regex(/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/, 'expected a decimal string'));

/** Milliseconds since the epoch, UTC. */
export const timestampMs = z.int();

export const integer = z.int();

/** A trading day as YYYYMMDD. */
export const yyyymmdd = z.string().check(z.regex(/^\d{8}$/, 'expected YYYYMMDD'));
