import { describe, expect, it } from 'vitest';
import { presetScreen } from '#shared/screener/screen-presets.ts';
import { screenRecordValues, screenRecords, screensByRecord } from './screen-records';
import { parsePersistedScreens, type SavedScreen } from './screens-store';

const saved: SavedScreen = { id: 'a', name: 'Gainers', screen: presetScreen('top-gainers', { market: 'US', type: 'stock' }), savedAt: 5 };

describe('saved screens as records', () => {
  it('is one record per screen, read back as it was', () => {
    const values = screenRecordValues({ screens: [saved] });
    expect([...values.keys()]).toEqual(['screen:a']);
    expect(screensByRecord(values)).toEqual([saved]);
  });

  it('leaves out a screen the schema refuses, and keeps its record as unreadable', () => {
    const damaged = { kind: 'screen', value: { name: 'x', screen: { ...saved.screen, version: 2 } } };
    const values = new Map([...screenRecordValues({ screens: [saved] }), ['screen:b', damaged]]);
    expect(screensByRecord(values).map(({ id }) => id)).toEqual(['a']);
    expect(screenRecords.readable?.(damaged)).toBe(false);
  });

  it('drops a damaged saved screen alone on load', () => {
    const state = parsePersistedScreens({ screens: [saved, { id: 'b', name: 'x', screen: {} }, 'junk'] });
    expect(state.screens).toEqual([saved]);
  });
});
