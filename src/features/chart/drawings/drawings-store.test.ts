// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Drawing } from './drawing-model';
import { useAppStore } from '../../../store/app-store';
import { DRAWINGS_STORAGE_KEY, drawingsOf, useDrawingsStore } from './drawings-store';

const line = (id: string, price = 100): Drawing => ({
  id,
  kind: 'trend-line',
  anchors: [
    { time: 0, price },
    { time: 86_400_000, price: price + 1 },
  ],
  style: { color: '#2962ff', width: 2, line: 'solid' },
  locked: false,
});
const store = () => useDrawingsStore.getState();
const ids = (symbol = 'AAPL.US') => drawingsOf(store(), symbol).map((d) => d.id);

describe('drawings store', () => {
  beforeEach(() => {
    useDrawingsStore.setState({ bySymbol: {}, history: {}, hidden: false, lastMerge: {}, toolbarOpen: false });
  });

  it('keeps drawings per symbol', () => {
    store().add('AAPL.US', line('a'));
    store().add('TSLA.US', line('t'));
    expect(ids()).toEqual(['a']);
    expect(ids('TSLA.US')).toEqual(['t']);
  });

  it('undoes and redoes adds, moves and removals', () => {
    store().add('AAPL.US', line('a'));
    store().add('AAPL.US', line('b'));
    store().replace('AAPL.US', line('a', 200));
    store().remove('AAPL.US', 'b');
    expect(ids()).toEqual(['a']);
    store().undo('AAPL.US');
    expect(ids()).toEqual(['a', 'b']);
    store().undo('AAPL.US');
    expect(drawingsOf(store(), 'AAPL.US')[0]?.anchors[0]?.price).toBe(100);
    store().redo('AAPL.US');
    expect(drawingsOf(store(), 'AAPL.US')[0]?.anchors[0]?.price).toBe(200);
    store().redo('AAPL.US');
    expect(ids()).toEqual(['a']);
    // Nothing more to redo.
    store().redo('AAPL.US');
    expect(ids()).toEqual(['a']);
  });

  it('undoes a remove-all in one step, and a new change clears redo', () => {
    store().add('AAPL.US', line('a'));
    store().add('AAPL.US', line('b'));
    store().removeAll('AAPL.US');
    expect(ids()).toEqual([]);
    store().undo('AAPL.US');
    expect(ids()).toEqual(['a', 'b']);
    store().undo('AAPL.US');
    store().add('AAPL.US', line('c'));
    store().redo('AAPL.US');
    expect(ids()).toEqual(['a', 'c']);
  });

  it('keeps one symbol’s history apart from another’s', () => {
    store().add('AAPL.US', line('a'));
    store().add('TSLA.US', line('t'));
    store().undo('AAPL.US');
    expect(ids()).toEqual([]);
    expect(ids('TSLA.US')).toEqual(['t']);
  });

  it('makes successive edits with one merge key one undo step', () => {
    store().add('AAPL.US', line('a'));
    for (const price of [101, 102, 103]) store().replace('AAPL.US', line('a', price), 'colour:a');
    store().replace('AAPL.US', line('a', 104), 'width:a');
    store().undo('AAPL.US');
    expect(drawingsOf(store(), 'AAPL.US')[0]?.anchors[0]?.price).toBe(103);
    store().undo('AAPL.US');
    expect(drawingsOf(store(), 'AAPL.US')[0]?.anchors[0]?.price).toBe(100);
  });

  it('imports without doubling ids already there, and counts only what it added (nothing: no undo step)', () => {
    store().add('AAPL.US', line('a'));
    expect(store().addMany('AAPL.US', [line('a'), line('b')])).toBe(1);
    expect(ids()).toEqual(['a', 'b']);
    const before = store().history['AAPL.US']?.past.length;
    expect(store().addMany('AAPL.US', [line('a'), line('b')])).toBe(0);
    expect(store().history['AAPL.US']?.past.length).toBe(before);
  });
});

describe('drawings store, loading saved drawings', () => {
  beforeEach(() => {
    useAppStore.setState({ notices: [] });
  });

  it('drops a corrupt drawing with a notice and keeps the others', async () => {
    localStorage.setItem(
      DRAWINGS_STORAGE_KEY,
      JSON.stringify({ version: 1, state: { bySymbol: { 'AAPL.US': [line('a'), { id: 'bad', kind: 'trend-line' }], 'TSLA.US': [line('t')] } } }),
    );
    await useDrawingsStore.persist.rehydrate();
    await Promise.resolve();
    expect(ids()).toEqual(['a']);
    expect(ids('TSLA.US')).toEqual(['t']);
    expect(useAppStore.getState().notices.map((n) => n.text)).toEqual(['1 saved drawing was damaged and dropped; the others are kept.']);
  });

  it('keeps the tool column open or closed as it was left, closed when unsure', async () => {
    localStorage.setItem(DRAWINGS_STORAGE_KEY, JSON.stringify({ version: 1, state: { bySymbol: {}, toolbarOpen: true } }));
    await useDrawingsStore.persist.rehydrate();
    expect(useDrawingsStore.getState().toolbarOpen).toBe(true);
    localStorage.setItem(DRAWINGS_STORAGE_KEY, JSON.stringify({ version: 1, state: { bySymbol: {}, toolbarOpen: 'yes' } }));
    await useDrawingsStore.persist.rehydrate();
    expect(useDrawingsStore.getState().toolbarOpen).toBe(false);
  });

  it('tells the user when the saved text is not JSON, and keeps the main store', async () => {
    localStorage.setItem(DRAWINGS_STORAGE_KEY, '{not json');
    await useDrawingsStore.persist.rehydrate();
    await Promise.resolve();
    expect(ids()).toEqual([]);
    expect(useAppStore.getState().notices.map((n) => n.text)).toEqual(['Saved drawings were unreadable and could not be loaded.']);
  });
});
