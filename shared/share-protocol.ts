/**
 * Sharing a watchlist or a layout (with its drawings) read-only by a link, between a browser and
 * the server (`/chartroom/shares`):
 *
 * - `POST   /chartroom/shares` with `{ kind, name, value }` → 201 `{ share }`: a copy of the list or
 *   layout as it is now; the page opens it at `/?share=<id>` (src/app/boot/share-at-load.ts).
 * - `GET    /chartroom/shares` → `{ shares }`: the user's own live shares, newest first.
 * - `GET    /chartroom/shares/<id>` → `{ share, value }` for anyone signed in; 410 once revoked.
 * - `DELETE /chartroom/shares/<id>` → `{ revoked: true }`: the owner's only (another's is 404).
 *
 * A share is a copy taken when shared (a layout is kept per device, so the server has no live
 * one to point at); sharing again makes a new link. Its id is 128 random bits: the link is the
 * key, and nothing lists another user's shares.
 */
import * as z from './schema.ts';

export const SHARES_PATH = '/chartroom/shares';
/** 22 base64url characters (16 random bytes). */
export const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;

export const SHARE_KINDS = ['watchlist', 'layout'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

export const SHARE_LIMITS = {
  /** Live shares one user may hold (revoked ones do not count). */
  maxShares: 200,
  /** A share's value as JSON, in characters (a layout with a thousand drawings fits). */
  maxValueChars: 512 * 1024,
  /** Symbols of a shared watchlist. */
  maxSymbols: 1_000,
  /** A share's name, in characters. */
  maxNameChars: 80,
} as const;

const symbolText = z.string().check(z.minLength(1), z.maxLength(64));

/** A shared watchlist: its symbols in order (the name travels beside it). */
export const sharedWatchlistSchema = z.object({
  symbols: z.array(symbolText).check(z.maxLength(SHARE_LIMITS.maxSymbols)),
});
export type SharedWatchlist = z.infer<typeof sharedWatchlistSchema>;

/**
 * A shared layout: the charts' layout as the browser keeps it, and the drawings of the symbols
 * it shows. The server checks the envelope; the browser that opens it reads the layout and each
 * drawing with its own schemas (a bad drawing is skipped, a bad layout refused).
 */
export const sharedLayoutSchema = z.object({
  layout: z.unknown(),
  drawings: z.record(z.string(), z.array(z.unknown())),
});
export type SharedLayout = z.infer<typeof sharedLayoutSchema>;

export const newShareSchema = z.object({
  kind: z.enum(SHARE_KINDS),
  name: z.string().check(z.minLength(1), z.maxLength(SHARE_LIMITS.maxNameChars)),
  value: z.unknown(),
});

/** The value of a share of `kind`, or the problem with it. */
export function checkShareValue(kind: ShareKind, value: unknown): { ok: true } | { ok: false; problem: string } {
  const parsed = kind === 'watchlist' ? sharedWatchlistSchema.safeParse(value) : sharedLayoutSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problem: parsed.error.message.slice(0, 300) };
  if (JSON.stringify(value).length > SHARE_LIMITS.maxValueChars)
    return { ok: false, problem: `a shared ${kind} is at most ${String(SHARE_LIMITS.maxValueChars)} characters of JSON` };
  return { ok: true };
}

/** A share as listed: no value. */
export interface ShareSummary {
  id: string;
  kind: ShareKind;
  name: string;
  /** Who shared it (their user name). */
  owner: string;
  createdAt: number;
}

/** What `GET /chartroom/shares/<id>` answers. */
export interface ShareRead {
  share: ShareSummary;
  value: unknown;
}
