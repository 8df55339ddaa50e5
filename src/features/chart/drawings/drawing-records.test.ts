// @vitest-environment happy-dom
/**
 * The drawings as records: every released saved shape (test-fixtures/saved-states/drawings-*.json)
 * loads as today's records, and records give the drawings back by symbol.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createStore, type StoreApi } from 'zustand';
import { channelHub, memoryStorage } from '../../../store/records/tabs.test-support';
import { loadRecords, startTabSync } from '../../../store/records/tab-sync';
import type { Drawing } from './drawing-model';
import { savedState } from '../../../store/saved-states.test-support';
import { drawingRecords, drawingRecordValues, drawingsByRecord } from './drawing-records';
import { DRAWINGS_STORAGE_KEY, useDrawingsStore, type DrawingsState } from './drawings-store';

beforeEach(() => {
  localStorage.clear();
  useDrawingsStore.setState({ bySymbol: {}, history: {}, hidden: false, lastMerge: {}, toolbarOpen: false });
});

async function load(name: string): Promise<{ saved: { bySymbol: Record<string, unknown[]> }; records: Record<string, unknown> }> {
  const text = savedState(name);
  localStorage.setItem(DRAWINGS_STORAGE_KEY, text);
  await useDrawingsStore.persist.rehydrate();
  const records = Object.fromEntries([...drawingRecordValues(useDrawingsStore.getState())].map(([id, { kind, value }]) => [id, { kind, value }]));
  return { saved: (JSON.parse(text) as { state: { bySymbol: Record<string, unknown[]> } }).state, records };
}

describe('saved shapes of the drawings store', () => {
  it('loads the first version 1 (before the tool column was saved): a record a drawing, of every symbol', async () => {
    const { saved, records } = await load('drawings-v1-first.json');
    expect(records).toEqual({
      'drawing:AAPL.US/d-mf0d-1': { kind: 'drawing', value: { symbol: 'AAPL.US', drawing: saved.bySymbol['AAPL.US']?.[0] } },
      'drawing:700.HK/d-mf0d-2': { kind: 'drawing', value: { symbol: '700.HK', drawing: saved.bySymbol['700.HK']?.[0] } },
    });
    expect(useDrawingsStore.getState().toolbarOpen).toBe(false);
  });

  it('loads version 1 with the tool column open and a text note', async () => {
    const { saved, records } = await load('drawings-v1.json');
    expect(records).toEqual({ 'drawing:AAPL.US/d-mf0e-1': { kind: 'drawing', value: { symbol: 'AAPL.US', drawing: saved.bySymbol['AAPL.US']?.[0] } } });
    expect(useDrawingsStore.getState().toolbarOpen).toBe(true);
  });

  it('gives the drawings back by symbol from their records', async () => {
    const { saved } = await load('drawings-v1-first.json');
    expect(drawingsByRecord(drawingRecordValues(useDrawingsStore.getState()))).toEqual(saved.bySymbol);
  });

  it('leaves out a damaged drawing record (from another tab or device), keeping the others', async () => {
    const { saved } = await load('drawings-v1-first.json');
    const values = drawingRecordValues(useDrawingsStore.getState());
    const [first] = Object.values(saved.bySymbol).flat() as { kind: string }[];
    values.set('drawing:AAPL.US/bad-kind', { kind: 'drawing', value: { symbol: 'AAPL.US', drawing: { ...first, id: 'bad-kind', kind: 'laser' } } });
    values.set('drawing:AAPL.US/no-symbol', { kind: 'drawing', value: { drawing: first } });
    values.set('drawing:AAPL.US/nothing', { kind: 'drawing', value: null });
    expect(drawingsByRecord(values)).toEqual(saved.bySymbol);
  });
});

describe('drawings shared between tabs', () => {
  const line = (id: string, price: number): Drawing => ({
    id,
    kind: 'horizontal-line',
    anchors: [{ time: 1, price }],
    style: { color: '#2962ff', width: 1, line: 'solid' },
    locked: false,
  });

  function tabs() {
    const hub = channelHub();
    const storage = memoryStorage();
    let clock = 0;
    const tab = (id: string) => {
      const store = createStore<Pick<DrawingsState, 'bySymbol'>>()(() => ({ bySymbol: {} }));
      startTabSync(store as unknown as StoreApi<DrawingsState>, drawingRecords, { channel: hub.channel(), storage, tab: id, now: () => ++clock, loadedAt: 0 });
      return store;
    };
    return { a: tab('a'), b: tab('b'), hub, storage };
  }

  it('keeps a drawing of a kind a later build made (from another device): not drawn, never deleted for it', () => {
    const { a, hub, storage } = tabs();
    const later = {
      id: 'drawing:AAPL.US/fib',
      kind: 'drawing',
      rev: 1,
      updatedAt: 1,
      by: 'device-x',
      value: { symbol: 'AAPL.US', drawing: { ...line('fib', 100), kind: 'fib-channel' } },
    };
    hub.channel().postMessage({ store: 'drawings', source: 'device-x', diff: { added: [later], updated: [], removed: [] } });
    hub.flush();
    a.setState({ bySymbol: { 'AAPL.US': [line('mine', 110)] } });
    hub.flush();
    expect(a.getState().bySymbol['AAPL.US']?.map((d) => d.id)).toEqual(['mine']);
    expect(loadRecords(storage, 'chartroom.records.drawings').get('drawing:AAPL.US/fib')).toEqual(later);
  });

  it('keeps a drawing made in each tab at once, in both, and a removal reaches the other', () => {
    const { a, b, hub } = tabs();
    a.setState({ bySymbol: { 'AAPL.US': [line('from-a', 100)] } });
    b.setState({ bySymbol: { 'AAPL.US': [line('from-b', 200)] } });
    hub.flush();
    for (const tab of [a, b])
      expect(
        tab
          .getState()
          .bySymbol['AAPL.US']?.map((d) => d.id)
          .sort(),
      ).toEqual(['from-a', 'from-b']);
    a.setState({ bySymbol: { 'AAPL.US': (a.getState().bySymbol['AAPL.US'] ?? []).filter((d) => d.id !== 'from-b') } });
    hub.flush();
    expect(b.getState().bySymbol['AAPL.US']?.map((d) => d.id)).toEqual(['from-a']);
  });
});
