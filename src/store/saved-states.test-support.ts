/**
 * The saved states of every released shape of each persisted store, as a browser saved them (the
 * text of a local storage item): app-v1..v3 ('chartroom'), alerts-v1..v2 ('chartroom.alerts'),
 * drawings-v1-first (before the tool column's state) and drawings-v1 ('chartroom.drawings').
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function savedState(name: string): string {
  return readFileSync(join(process.cwd(), 'test-fixtures/saved-states', name), 'utf8');
}
