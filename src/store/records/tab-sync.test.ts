import { describe, expect, it } from 'vitest';
import type { StoreApi } from 'zustand';
import type { AppState } from '../app-store';
import { appRecords } from './app-records';
import { loadRecords, startTabSync } from './tab-sync';
import { appStore, channelHub, memoryStorage } from './tabs.test-support';

function twoTabs() {
  const hub = channelHub();
  const storage = memoryStorage();
  let clock = 1_000;
  const now = (): number => ++clock;
  const tab = (id: string): StoreApi<AppState> => {
    const store = appStore();
    startTabSync(store, appRecords, { channel: hub.channel(), storage, tab: id, now, loadedAt: 0 });
    return store;
  };
  const a = tab('tab-a');
  const b = tab('tab-b');
  hub.flush();
  return { a, b, hub, storage, tab };
}

const symbolsOf = (store: StoreApi<AppState>, id: string): string[] | undefined => store.getState().watchlists.find((list) => list.id === id)?.symbols;

describe('tabs sharing the app store', () => {
  it('shows an edit of one tab in the other', () => {
    const { a, b, hub } = twoTabs();
    a.getState().addSymbol('us', 'IBM.US');
    a.getState().setTheme('light');
    hub.flush();
    expect(symbolsOf(b, 'us')).toContain('IBM.US');
    expect(b.getState().preferences.theme).toBe('light');
  });

  it('keeps both symbols added to one list by two tabs at once, in the same order in both', () => {
    const { a, b, hub } = twoTabs();
    a.getState().addSymbol('us', 'IBM.US');
    b.getState().addSymbol('us', 'ORCL.US');
    hub.flush();
    expect(symbolsOf(a, 'us')).toEqual(symbolsOf(b, 'us'));
    expect(symbolsOf(a, 'us')?.slice(-2).sort()).toEqual(['IBM.US', 'ORCL.US']);
  });

  it('keeps a list created in each tab at once, and a removal in one beside an addition in the other', () => {
    const { a, b, hub } = twoTabs();
    const first = a.getState().createWatchlist('Mine');
    const second = b.getState().createWatchlist('Theirs');
    a.getState().removeSymbol('hk', '700.HK');
    b.getState().addSymbol('hk', '2.HK');
    hub.flush();
    for (const tab of [a, b]) {
      expect(tab.getState().watchlists.map((list) => list.id)).toEqual(expect.arrayContaining([first, second]));
      expect(symbolsOf(tab, 'hk')).not.toContain('700.HK');
      expect(symbolsOf(tab, 'hk')).toContain('2.HK');
    }
    expect(a.getState().watchlists).toEqual(b.getState().watchlists);
  });

  it('deletes a list everywhere, and the tab that showed it shows another', () => {
    const { a, b, hub } = twoTabs();
    b.getState().selectWatchlist('cn');
    a.getState().deleteWatchlist('cn');
    hub.flush();
    expect(b.getState().watchlists.map((list) => list.id)).toEqual(['us', 'hk', 'global']);
    expect(b.getState().activeWatchlistId).toBe('us');
  });

  it("keeps each tab's language, and its colours unless the user chose them", () => {
    const { a, b, hub } = twoTabs();
    a.getState().setLanguage('zh-CN');
    hub.flush();
    expect(b.getState().preferences).toMatchObject({ language: 'en', colors: 'green-up' });
    a.getState().setColors('red-up');
    hub.flush();
    expect(b.getState().preferences).toMatchObject({ language: 'en', colors: 'red-up', colorsChosen: true });
  });

  it('saves the records, revisions and tombstones, for a tab that opens later', () => {
    const { a, hub, storage, tab } = twoTabs();
    a.getState().deleteWatchlist('cn');
    a.getState().addSymbol('us', 'IBM.US');
    hub.flush();
    const saved = loadRecords(storage, 'chartroom.records.app');
    expect(saved.get('watchlist:cn')).toMatchObject({ deleted: true, rev: 2 });
    expect(saved.get('watchlist:us')).toMatchObject({ rev: 2, value: { symbols: expect.arrayContaining(['IBM.US']) as unknown } });
    // A tab whose saved state is older than the records (it loaded before they changed) takes them.
    const late = tab('tab-c');
    expect(symbolsOf(late, 'us')).toContain('IBM.US');
    expect(late.getState().watchlists.some((list) => list.id === 'cn')).toBe(false);
  });

  it('takes a damaged list from another tab or device as far as it can be read', () => {
    const { a, hub } = twoTabs();
    const sender = hub.channel();
    const damaged = { id: 'watchlist:odd', kind: 'watchlist', rev: 1, updatedAt: 1, by: 'device-x', value: { name: 7, symbols: ['IBM.US', 3, null] } };
    sender.postMessage({ store: 'app', source: 'device-x', diff: { added: [damaged], updated: [], removed: [] } });
    hub.flush();
    expect(a.getState().watchlists.find((list) => list.id === 'odd')).toEqual({ id: 'odd', name: 'odd', symbols: ['IBM.US'] });
  });

  it('keeps a record of a kind a later build made (from another device) when this tab changes its own', () => {
    const { a, hub, storage } = twoTabs();
    const later = { id: 'chart-template:t1', kind: 'chart-template', rev: 1, updatedAt: 1, by: 'device-x', value: { name: 'Mine' } };
    hub.channel().postMessage({ store: 'app', source: 'device-x', diff: { added: [later], updated: [], removed: [] } });
    hub.flush();
    a.getState().addSymbol('us', 'IBM.US');
    hub.flush();
    expect(loadRecords(storage, 'chartroom.records.app').get('chart-template:t1')).toEqual(later);
  });

  it('settles: after an exchange nothing more is sent', () => {
    const { a, b, hub } = twoTabs();
    a.getState().addSymbol('us', 'IBM.US');
    b.getState().addSymbol('us', 'ORCL.US');
    hub.flush();
    const before = JSON.stringify([a.getState().watchlists, b.getState().watchlists]);
    a.getState().setScale('log');
    hub.flush();
    expect(JSON.stringify([a.getState().watchlists, b.getState().watchlists])).toBe(before);
    expect(b.getState().preferences.scale).toBe('log');
  });
});
