/**
 * The sparklines of the rows in view, asked of the server (SPARKS_PATH) for the symbols the table
 * shows once it comes to rest, and kept for the screener's life on that universe. The screen's
 * answer carries none: 30 closes for each of 5,000 rows were about 3 MB of JSON parsed on the main
 * thread every 5 s, a fifth of the late frames while the table was flung (bench: screener table).
 *
 * A kept line is asked again after SPARK_KEEP_MS (its last close is today's, which moves), when its
 * row is in view: the old line stays drawn until the new one comes.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ScreenUniverse } from '#shared/screener/screen-model.ts';
import { MAX_SPARK_SYMBOLS } from '#shared/screener/screener-protocol.ts';
import { fetchSparks } from './screen-query';

/** Daily closes per row for the sparklines. */
export const SPARK_CLOSES = 30;
/** How long a drawn line is kept before its row, in view, asks for it again. */
export const SPARK_KEEP_MS = 60_000;

interface KeptLine {
  closes: readonly number[];
  /** The keep period it was asked in: older periods' lines are asked again. */
  period: number;
}

interface Asked {
  symbols: readonly string[];
  period: number;
  closes: number[][];
}

interface Kept {
  universe: string;
  lines: ReadonlyMap<string, KeptLine>;
  /** The answer merged last (each is merged once). */
  merged: Asked | undefined;
}

const universeName = (universe: ScreenUniverse | undefined): string => (universe ? `${universe.market} ${universe.type}` : '');

/** A count that grows every SPARK_KEEP_MS while the table is shown. */
function useKeepPeriod(): number {
  const [period, setPeriod] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      setPeriod((current) => current + 1);
    }, SPARK_KEEP_MS);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return period;
}

const NO_LINES: ReadonlyMap<string, KeptLine> = new Map();

/**
 * Each symbol's closes where known, for the rows of `universe` listed in `inView` (undefined while
 * the rows on screen are not the universe's yet: nothing is asked).
 */
export function useRowSparks(universe: ScreenUniverse | undefined, inView: readonly string[]): (symbol: string) => readonly number[] | undefined {
  const period = useKeepPeriod();
  const name = universeName(universe);
  const [kept, setKept] = useState<Kept>({ universe: name, lines: NO_LINES, merged: undefined });
  // Another universe: its symbols' lines are not these.
  const current = kept.universe === name ? kept : { universe: name, lines: NO_LINES, merged: undefined };
  if (current !== kept) setKept(current);

  const missing = universe ? inView.filter((symbol) => (current.lines.get(symbol)?.period ?? -1) < period).slice(0, MAX_SPARK_SYMBOLS) : [];
  const query = useQuery({
    queryKey: ['chartroom', 'screener', 'sparks', universe ?? null, period, missing] as const,
    queryFn: async ({ signal }): Promise<Asked> => {
      if (!universe) throw new Error('no universe');
      const answer = await fetchSparks({ universe, symbols: missing, count: SPARK_CLOSES }, signal);
      return { symbols: missing, period, closes: answer.closes };
    },
    enabled: missing.length > 0,
    // Each answer is merged into the kept lines once; the query itself is not kept.
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
  });

  const answer = query.data;
  if (answer && answer !== current.merged && current.universe === name) {
    const lines = new Map(current.lines);
    answer.symbols.forEach((symbol, index) => {
      lines.set(symbol, { closes: answer.closes[index] ?? [], period: answer.period });
    });
    setKept({ universe: name, lines, merged: answer });
  }
  return (symbol) => current.lines.get(symbol)?.closes;
}
