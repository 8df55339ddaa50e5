/**
 * The sparklines of the rows in view, asked of the server (SPARKS_PATH) for the symbols the table
 * shows once it comes to rest, and kept for the screener's life on that universe. The screen's
 * answer carries none: with 30 closes a row, the answer for 5,000 US stocks was 1,457 KiB of JSON
 * parsed on the main thread every 5 s (597 KiB without them); the rows in view ask for ~7 KiB.
 *
 * A kept line is asked again once SPARK_KEEP_MS has passed (its last close is today's, which
 * moves), when its row is in view: the old line stays drawn until the new one comes.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNow } from '../../components/use-now';
import type { ScreenUniverse } from '#shared/screener/screen-model.ts';
import { MAX_SPARK_SYMBOLS } from '#shared/screener/screener-protocol.ts';
import { fetchSparks } from './screen-query';

/** Daily closes per row for the sparklines. */
export const SPARK_CLOSES = 30;
/** How long a drawn line is kept before its row, in view, asks for it again. */
export const SPARK_KEEP_MS = 60_000;

interface KeptLine {
  closes: readonly number[];
  /** The clock's reading (useNow) it was asked at: a line asked before the latest reading is asked again. */
  askedAt: number;
}

interface Asked {
  symbols: readonly string[];
  askedAt: number;
  closes: number[][];
}

interface Kept {
  universe: string;
  lines: ReadonlyMap<string, KeptLine>;
  /** The answer merged last (each is merged once). */
  merged: Asked | undefined;
}

const universeName = (universe: ScreenUniverse | undefined): string => (universe ? `${universe.market} ${universe.type}` : '');

const NO_LINES: ReadonlyMap<string, KeptLine> = new Map();

/**
 * Each symbol's closes where known, for the rows of `universe` listed in `inView` (undefined while
 * the rows on screen are not the universe's yet: nothing is asked).
 */
export function useRowSparks(universe: ScreenUniverse | undefined, inView: readonly string[]): (symbol: string) => readonly number[] | undefined {
  // Moves every SPARK_KEEP_MS: the lines asked before it are asked again, as their rows show.
  const now = useNow(SPARK_KEEP_MS);
  const name = universeName(universe);
  const [kept, setKept] = useState<Kept>({ universe: name, lines: NO_LINES, merged: undefined });
  // Another universe: its symbols' lines are not these.
  const current = kept.universe === name ? kept : { universe: name, lines: NO_LINES, merged: undefined };
  if (current !== kept) setKept(current);

  // The table renders every frame of a fling: the list is worked out again only when it can change.
  const { lines } = current;
  const missing = useMemo(
    () => (universe ? inView.filter((symbol) => (lines.get(symbol)?.askedAt ?? -Infinity) < now).slice(0, MAX_SPARK_SYMBOLS) : []),
    [universe, inView, lines, now],
  );
  const query = useQuery({
    queryKey: ['chartroom', 'screener', 'sparks', universe ?? null, now, missing] as const,
    queryFn: async ({ signal }): Promise<Asked> => {
      if (!universe) throw new Error('no universe');
      const answer = await fetchSparks({ universe, symbols: missing, count: SPARK_CLOSES }, signal);
      return { symbols: missing, askedAt: now, closes: answer.closes };
    },
    enabled: missing.length > 0,
    // Each answer is merged into the kept lines once; the query itself is not kept.
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });

  const answer = query.data;
  if (answer && answer !== current.merged) {
    const merged = new Map(lines);
    answer.symbols.forEach((symbol, index) => {
      merged.set(symbol, { closes: answer.closes[index] ?? [], askedAt: answer.askedAt });
    });
    setKept({ universe: name, lines: merged, merged: answer });
  }
  return (symbol) => lines.get(symbol)?.closes;
}
