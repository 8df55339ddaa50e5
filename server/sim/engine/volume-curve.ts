/**
 * The intraday volume curve of exchange-traded instruments: U-shaped over a session piece, heavy
 * at the open and again into the close. It depends only on the minute's place in the piece.
 */

const curves = new Map<number, Float64Array>();
/** Distinct piece lengths are a few dozen across all venues; the bound only guards against misuse. */
const MAX_CURVES = 512;

/** The volume curve at `progress` through the piece (0 at its start, 1 at its end). */
export function sessionCurve(progress: number): number {
  return 0.6 + 1.6 * Math.exp(-progress / 0.07) + 1.1 * Math.exp(-(1 - progress) / 0.09);
}

/** The curve at every minute of a piece of `pieceLength` minutes: each length is computed once. */
export function volumeCurve(pieceLength: number): Float64Array {
  let curve = curves.get(pieceLength);
  if (!curve) {
    curve = new Float64Array(pieceLength);
    for (let j = 0; j < pieceLength; j++) curve[j] = sessionCurve((j + 0.5) / pieceLength);
    if (curves.size >= MAX_CURVES) curves.clear();
    curves.set(pieceLength, curve);
  }
  return curve;
}
