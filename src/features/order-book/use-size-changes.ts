/**
 * The levels whose size changed with the latest book, and a version that moves with every book:
 * a changed cell is keyed by the version, so it remounts and its CSS flash (index.css flash-up /
 * flash-down) restarts even when the same level changes twice in a row.
 */
import { useState } from 'react';
import { sizeChanges, type Ladder, type SizeChange } from './ladder';

const NONE: ReadonlyMap<string, SizeChange> = new Map();

export interface SizeChanges {
  changes: ReadonlyMap<string, SizeChange>;
  version: number;
}

interface Seen extends SizeChanges {
  ladder: Ladder | undefined;
}

export function useSizeChanges(ladder: Ladder | undefined): SizeChanges {
  const [seen, setSeen] = useState<Seen>({ ladder, changes: NONE, version: 0 });
  // Adjusting state to new props during render (react.dev "storing information from previous
  // renders"): the comparison needs the previous ladder, which only this state holds.
  if (seen.ladder !== ladder) {
    setSeen({ ladder, changes: ladder === undefined ? NONE : sizeChanges(seen.ladder, ladder), version: seen.version + 1 });
  }
  return seen;
}
