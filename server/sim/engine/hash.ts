/**
 * Deterministic integer hashing: every simulated number derives from (seed, position) through
 * these functions, so any window of history can be produced directly, identically on every run.
 */

/** A well-mixed 32-bit hash of a seed and two integer coordinates (lowbias32 finaliser). */
export function hash3(seed: number, a: number, b: number): number {
  // Split `a` (which may exceed 2^32, e.g. minute indexes) into two 32-bit halves.
  const lo = a >>> 0;
  const hi = Math.floor(a / 4_294_967_296) >>> 0;
  let h = (seed ^ Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi + 0x632be5ab, 0x85ebca77) ^ Math.imul(b + 0x27d4eb2f, 0xc2b2ae3d)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1). */
export function unit(seed: number, a: number, b: number): number {
  return hash3(seed, a, b) / 4_294_967_296;
}

/**
 * Approximately standard normal from one hash: the logistic quantile scaled to unit variance.
 * Its tails are a little heavier than a normal's, like market returns; one hash keeps it cheap
 * (the engine draws several per simulated minute).
 */
export function gauss(seed: number, a: number, b: number): number {
  const u = (hash3(seed, a, b) + 0.5) / 4_294_967_296;
  return 0.5513288954217921 * Math.log(u / (1 - u));
}
