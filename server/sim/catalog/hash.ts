/**
 * The catalog's only source of variety: a seeded generator keyed by a string (an instrument's
 * code), so generated content is identical on every run and independent of generation order.
 */

/** FNV-1a, 32-bit, over the UTF-16 code units of `text`. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Log-uniform in [min, max): as likely to fall in 1–10 as in 10–100. */
  logRange(min: number, max: number): number;
  /** Approximately standard normal (Box–Muller). */
  gauss(): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** A mulberry32 stream. */
class Mulberry32 implements Rng {
  constructor(private state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  logRange(min: number, max: number): number {
    return Math.exp(Math.log(min) + (Math.log(max) - Math.log(min)) * this.next());
  }

  gauss(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }
}

/** A generator seeded with the FNV-1a hash of `key`. */
export function rngFor(key: string): Rng {
  return new Mulberry32(fnv1a(key));
}
