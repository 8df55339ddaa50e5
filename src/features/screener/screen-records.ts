/**
 * The saved screens as records, one per screen (`screen:<id>`, kind 'screen'), so two tabs
 * saving at once keep both; a record that screenSchema refuses (another build's, a damaged one)
 * is kept as it is and left out of the list.
 */
import type { RecordValue } from '#shared/records.ts';
import type { RecordAdapter } from '../../store/records/tab-sync';
import { MAX_SCREENS, savedScreenOf, type SavedScreen, type ScreensState } from './screens-store';

export const SCREEN_KIND = 'screen';
const PREFIX = `${SCREEN_KIND}:`;

export function screenRecordValues(state: Pick<ScreensState, 'screens'>): Map<string, RecordValue> {
  const values = new Map<string, RecordValue>();
  for (const { id, name, screen, savedAt } of state.screens) values.set(PREFIX + id, { kind: SCREEN_KIND, value: { name, screen, savedAt } });
  return values;
}

/** The screens of the records, in the records' order; damaged ones left out. */
export function screensByRecord(values: ReadonlyMap<string, RecordValue>): SavedScreen[] {
  const screens: SavedScreen[] = [];
  for (const [id, { kind, value }] of values) {
    if (kind !== SCREEN_KIND || !id.startsWith(PREFIX)) continue;
    const saved = savedScreenOf(id.slice(PREFIX.length), value);
    if (saved) screens.push(saved);
  }
  return screens.slice(0, MAX_SCREENS);
}

export const screenRecords: RecordAdapter<ScreensState> = {
  store: 'screens',
  readable: ({ kind, value }) => kind === SCREEN_KIND && savedScreenOf('x', value) !== undefined,
  sources: (state) => [state.screens],
  values: screenRecordValues,
  apply: (store, values) => {
    store.setState({ screens: screensByRecord(values) });
  },
};
export { useScreensStore } from './screens-store';
