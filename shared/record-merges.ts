/**
 * The kinds of record whose concurrent edits are combined (both survive) instead of one winning,
 * by store: the same rules in every tab and on the server, so each place picks the same result.
 * Two places adding a symbol to one list both keep theirs; so do two reorderings of the lists
 * and two edits of one chart's comparisons.
 */
import { mergeLists, type ThreeWayMerge } from './records.ts';

export const WATCHLIST_KIND = 'watchlist';
export const WATCHLIST_ORDER_KIND = 'watchlist-order';
export const COMPARISONS_KIND = 'comparisons';

interface WatchlistValue {
  name?: unknown;
  symbols?: unknown;
}

/** A record value's list of strings (anything else is empty). */
export const stringItems = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * Each place's edits of a list's symbols both kept; the name is the one place's that renamed it
 * (a rename on one device and a symbol added on another both stay), the winner's when both did.
 */
const mergeWatchlist: ThreeWayMerge = (base, winner, loser) => {
  const [b, w, l] = [base, winner, loser] as (WatchlistValue | undefined)[];
  const onlyLoserRenamed = w?.name === b?.name && l?.name !== b?.name;
  return { name: onlyLoserRenamed ? l?.name : w?.name, symbols: mergeLists(stringItems(b?.symbols), stringItems(w?.symbols), stringItems(l?.symbols)) };
};

const mergeStrings: ThreeWayMerge = (base, winner, loser) => mergeLists(stringItems(base), stringItems(winner), stringItems(loser));

export const RECORD_MERGES: Readonly<Record<string, Readonly<Record<string, ThreeWayMerge>>>> = {
  app: { [WATCHLIST_KIND]: mergeWatchlist, [WATCHLIST_ORDER_KIND]: mergeStrings, [COMPARISONS_KIND]: mergeStrings },
};
