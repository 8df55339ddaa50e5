/**
 * The markets panel's clock at two rates. Status, session table and calendar change only on whole
 * minutes (every session boundary and every local midnight is one), so the cards re-render once a
 * minute; the texts that show seconds (local time, countdown) read the per-second instant from
 * this context and re-render alone. Running a whole card every second cost CPU, and kept the
 * JIT compiling more of it for minutes on end.
 */
import { createContext, useContext } from 'react';

const MINUTE_MS = 60_000;

export const SecondsContext = createContext<number | undefined>(undefined);

/** The per-second instant of the enclosing panel; `fallback` outside one. */
export function useSecondsNow(fallback: number): number {
  return useContext(SecondsContext) ?? fallback;
}

export function startOfMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}
