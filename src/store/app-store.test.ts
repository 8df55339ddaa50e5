// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { parsePersisted } from './persisted-state';
import { DEFAULT_PREFERENCES, type IndicatorList } from './preferences-slice';
import { DEFAULT_WATCHLISTS } from './watchlists-slice';
import { noticeText } from './workspace-slice';
import { t } from '../i18n/t';
import { PERSIST_VERSION } from './persisted-state';
import { migrate as migratePersisted } from './app-migrations';
import { STORAGE_KEY, useAppStore } from './app-store';
import { setActiveChart, setLayoutKind } from './layout-changes';

const initial = useAppStore.getState();

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
});

describe('watchlists', () => {
  it('creates, renames, reorders and deletes lists, and adds, moves and removes symbols', () => {
    const store = useAppStore.getState();
    const id = store.createWatchlist('  Mine ');
    expect(useAppStore.getState().activeWatchlistId).toBe(id);
    store.renameWatchlist(id, 'Energy');
    store.addSymbol(id, '883.HK');
    store.addSymbol(id, 'XOM.US');
    store.addSymbol(id, '883.HK');
    store.moveSymbol(id, 'XOM.US', 0);
    store.moveWatchlist(id, 0);
    let lists = useAppStore.getState().watchlists;
    expect(lists[0]).toMatchObject({ id, name: 'Energy', symbols: ['XOM.US', '883.HK'] });
    store.removeSymbol(id, 'XOM.US');
    store.deleteWatchlist(id);
    lists = useAppStore.getState().watchlists;
    expect(lists.map((list) => list.id)).toEqual(DEFAULT_WATCHLISTS.map((list) => list.id));
    expect(useAppStore.getState().activeWatchlistId).toBe(DEFAULT_WATCHLISTS[0]?.id);
  });

  it('keeps list names unique, ignoring case: a new list takes the next free name, a rename to a taken one is refused', () => {
    const store = useAppStore.getState();
    const first = store.createWatchlist('Energy');
    const second = store.createWatchlist('energy');
    expect(useAppStore.getState().watchlists.find((list) => list.id === second)?.name).toBe('energy 2');
    expect(store.renameWatchlist(second, ' US TECH ')).toBe('taken');
    expect(store.renameWatchlist(second, '   ')).toBe('empty');
    expect(store.renameWatchlist(first, 'ENERGY')).toBe('renamed');
    expect(store.renameWatchlist(second, 'Oil')).toBe('renamed');
    expect(
      useAppStore
        .getState()
        .watchlists.slice(-2)
        .map((list) => list.name),
    ).toEqual(['ENERGY', 'Oil']);
  });

  it('gives saved lists of one name (from before the rule) names of their own', () => {
    const lists = [
      { id: 'a', name: 'US tech', symbols: [] },
      { id: 'b', name: 'us tech', symbols: [] },
    ];
    const { state, repaired } = parsePersisted({ watchlists: lists, activeWatchlistId: 'a' });
    expect(state.watchlists.map((list) => list.name)).toEqual(['US tech', 'us tech 2']);
    expect(repaired).toBe(false);
  });

  it('persists watchlists and preferences, not the workspace', () => {
    useAppStore.getState().createWatchlist('Saved');
    useAppStore.getState().setTheme('light');
    useAppStore.getState().openSymbol('700.HK');
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { state: Record<string, unknown>; version: number };
    expect(saved.version).toBe(PERSIST_VERSION);
    expect(saved.state).toHaveProperty('watchlists');
    expect(saved.state).not.toHaveProperty('workspace');
    expect((saved.state.preferences as { theme: string }).theme).toBe('light');
  });
});

describe('ambiguous symbols', () => {
  it('remembers the chosen type, opens with it, and persists it', () => {
    const store = useAppStore.getState();
    store.rememberType('BTCUSD', 'forex');
    store.openSymbol('BTCUSD');
    expect(useAppStore.getState().workspace).toMatchObject({ symbol: 'BTCUSD', type: 'forex' });
    store.openSymbol('AAPL.US');
    expect(useAppStore.getState().workspace.type).toBeUndefined();
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { state: { symbolTypes: Record<string, string> } };
    expect(saved.state.symbolTypes).toEqual({ BTCUSD: 'forex' });
    expect(parsePersisted({ symbolTypes: { BTCUSD: 'crypto', X: 'bonds' } }).state.symbolTypes).toEqual({ BTCUSD: 'crypto' });
  });

  it('adds to the active watchlist, creating one when none is left', () => {
    const store = useAppStore.getState();
    for (const list of store.watchlists) store.deleteWatchlist(list.id);
    useAppStore.getState().addToActiveWatchlist('700.HK');
    expect(useAppStore.getState().watchlists).toEqual([expect.objectContaining({ name: 'Watchlist', symbols: ['700.HK'] })]);
  });
});

describe('indicator list', () => {
  it('stores only instances that make sense, and what it stores comes back after a reload', () => {
    const list = [
      { id: 'sma-1', kind: 'sma', params: { period: 10 } },
      { id: 'kdj-1', kind: 'kdj', params: { period: 9, k: 3, d: 3 }, colours: ['#ff0000'], pane: 'own' },
      { id: 'sma-1', kind: 'sma', params: { period: 30 } },
      { id: 'x', kind: 'astrology', params: {} },
      { id: 'y', kind: 'rsi', params: { period: 'fourteen' } },
    ] as unknown as IndicatorList;
    useAppStore.getState().setIndicators(list);
    expect(useAppStore.getState().preferences.indicators.map((i) => i.id)).toEqual(['sma-1', 'kdj-1']);
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { state: unknown };
    const { state, repaired } = parsePersisted(saved.state);
    expect(repaired).toBe(false);
    expect(state.preferences.indicators).toEqual(useAppStore.getState().preferences.indicators);
  });
});

describe('persisted state is a trust boundary', () => {
  it('keeps valid lists and drops corrupted ones', () => {
    const { state, repaired } = parsePersisted({
      preferences: {
        theme: 'purple',
        colors: 'red-up',
        indicators: [
          { id: 'a', kind: 'sma', params: { period: 5 } },
          { id: 'b', kind: 'sma', params: { period: 'x' } },
        ],
      },
      watchlists: [{ id: 'a', name: 'Good', symbols: ['AAPL.US', 'AAPL.US'] }, { id: 'b', name: 42 }, 'garbage'],
      activeWatchlistId: 'zzz',
    });
    expect(repaired).toBe(true);
    expect(state.watchlists).toEqual([{ id: 'a', name: 'Good', symbols: ['AAPL.US'] }]);
    expect(state.activeWatchlistId).toBe('a');
    expect(state.preferences.theme).toBe(DEFAULT_PREFERENCES.theme);
    expect(state.preferences.colors).toBe('red-up');
    expect(state.preferences.indicators).toEqual([{ id: 'a', kind: 'sma', params: { period: 5 } }]);
  });

  it('falls back to defaults for non-objects and reports nothing for an empty store', () => {
    expect(parsePersisted('{{{').state.watchlists).toEqual(DEFAULT_WATCHLISTS);
    expect(parsePersisted('{{{').repaired).toBe(true);
    expect(parsePersisted(undefined).repaired).toBe(false);
  });

  it('keeps a list whose one symbol is bad, without that symbol', () => {
    const { state, repaired } = parsePersisted({ watchlists: [{ id: 'a', name: 'Mixed', symbols: ['AAPL.US', 42, '', 'MSFT.US'] }] });
    expect(repaired).toBe(true);
    expect(state.watchlists).toEqual([{ id: 'a', name: 'Mixed', symbols: ['AAPL.US', 'MSFT.US'] }]);
  });

  it('gives a notice when the saved text is not JSON at all', async () => {
    localStorage.setItem(STORAGE_KEY, '{{{ not json');
    await useAppStore.persist.rehydrate();
    const state = useAppStore.getState();
    expect(state.watchlists).toEqual(DEFAULT_WATCHLISTS);
    expect(state.notices.some((notice) => noticeText(notice.text, t).includes('unreadable'))).toBe(true);
  });

  it('rehydrates a hand-edited store with a notice and the good lists', async () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, state: { watchlists: [{ id: 'x', name: 'Kept', symbols: ['MSFT.US'] }, null] } }));
    await useAppStore.persist.rehydrate();
    const state = useAppStore.getState();
    expect(state.watchlists).toEqual([{ id: 'x', name: 'Kept', symbols: ['MSFT.US'] }]);
    expect(state.notices.some((notice) => noticeText(notice.text, t).includes('unreadable'))).toBe(true);
  });
});

describe('language and colours', () => {
  it('takes a first visit’s language from the browser, and its region’s colours', () => {
    expect(parsePersisted(undefined, ['fr-FR', 'zh-HK', 'en']).state.preferences.language).toBe('zh-HK');
    expect(parsePersisted(undefined, ['de']).state.preferences.language).toBe('en');
  });

  it('follows the language with the colours until the user chooses, then keeps the choice', () => {
    useAppStore.setState({ preferences: DEFAULT_PREFERENCES });
    const store = useAppStore.getState();
    store.setLanguage('zh-CN');
    expect(useAppStore.getState().preferences.colors).toBe('red-up');
    useAppStore.getState().setLanguage('zh-HK');
    expect(useAppStore.getState().preferences.colors).toBe('green-up');
    useAppStore.getState().setLanguage('zh-TW');
    expect(useAppStore.getState().preferences.colors).toBe('red-up');
    useAppStore.getState().setColors('green-up');
    useAppStore.getState().setLanguage('zh-CN');
    expect(useAppStore.getState().preferences).toMatchObject({ language: 'zh-CN', colors: 'green-up', colorsChosen: true });
  });

  it('migrates a version 1 store: red-up was a choice, green-up the old default', () => {
    expect(PERSIST_VERSION).toBe(3);
    const red = parsePersisted(migratePersisted({ preferences: { theme: 'light', colors: 'red-up' } }, 1), ['en-US']);
    expect(red.repaired).toBe(false);
    expect(red.state.preferences).toMatchObject({ language: 'en', theme: 'light', colors: 'red-up', colorsChosen: true });
    const green = parsePersisted(migratePersisted({ preferences: { colors: 'green-up' } }, 1), ['zh-CN']);
    expect(green.state.preferences).toMatchObject({ language: 'zh-CN', colorsChosen: false });
  });

  it('migrates version 2 indicator settings to instances in their old drawing order, keeping the chosen colours', () => {
    const old = {
      preferences: { colors: 'red-up', colorsChosen: false, indicators: { ma: [5, 10, 20, 60], ema: [12], bollinger: true, macd: true, rsi: false } },
    };
    const { state, repaired } = parsePersisted(migratePersisted(old, 2));
    expect(repaired).toBe(false);
    expect(state.preferences.colorsChosen).toBe(false);
    expect(state.preferences.indicators).toEqual([
      { id: 'sma-1', kind: 'sma', params: { period: 5 } },
      { id: 'sma-2', kind: 'sma', params: { period: 10 } },
      { id: 'sma-3', kind: 'sma', params: { period: 20 } },
      { id: 'sma-4', kind: 'sma', params: { period: 60 } },
      { id: 'ema-5', kind: 'ema', params: { period: 12 } },
      { id: 'bollinger-6', kind: 'bollinger', params: { period: 20, k: 2 } },
      { id: 'macd-7', kind: 'macd', params: { fast: 12, slow: 26, signal: 9 } },
    ]);
    // The default of version 2 (MA 20, 50) is the default now; no indicators saved: the default.
    const defaults = parsePersisted(migratePersisted({ preferences: { indicators: { ma: [20, 50], ema: [], bollinger: false, macd: false, rsi: false } } }, 2));
    expect(defaults.state.preferences.indicators.map((i) => i.params)).toEqual(DEFAULT_PREFERENCES.indicators.map((i) => i.params));
    expect(parsePersisted(migratePersisted({ preferences: {} }, 2)).state.preferences.indicators).toEqual(DEFAULT_PREFERENCES.indicators);
  });

  it('rehydrates a version 1 store without a notice, in the browser’s language', async () => {
    useAppStore.setState({ notices: [] });
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: { preferences: { theme: 'dark', colors: 'red-up' }, watchlists: [{ id: 'x', name: 'Kept', symbols: ['MSFT.US'] }] },
      }),
    );
    await useAppStore.persist.rehydrate();
    const state = useAppStore.getState();
    expect(state.notices).toEqual([]);
    expect(state.preferences).toMatchObject({ language: 'en', colors: 'red-up', colorsChosen: true });
    expect(state.watchlists).toEqual([{ id: 'x', name: 'Kept', symbols: ['MSFT.US'] }]);
  });

  it('drops an unknown saved language for the browser’s, as a repair', () => {
    const { state, repaired } = parsePersisted({ preferences: { language: 'klingon' } }, ['zh-TW']);
    expect(repaired).toBe(true);
    expect(state.preferences.language).toBe('zh-TW');
  });
});

describe('the layout in the store', () => {
  it('mirrors the active chart into the workspace, and the workspace’s changes into the active chart', () => {
    const store = useAppStore.getState();
    store.updateLayout((layout) => setLayoutKind(layout, '4'));
    store.updateLayout((layout) => setActiveChart(layout, 2));
    let state = useAppStore.getState();
    expect(state.workspace.symbol).toBe(state.layout.charts[2]?.symbol);
    store.openSymbol('XAUUSD');
    store.setInterval('1h');
    state = useAppStore.getState();
    expect(state.layout.charts[2]).toMatchObject({ symbol: 'XAUUSD', interval: '1h' });
    expect(state.workspace).toMatchObject({ symbol: 'XAUUSD', interval: '1h' });
    // Another chart's toolbar changes that chart only.
    store.setChartInterval(0, '1w');
    state = useAppStore.getState();
    expect(state.layout.charts[0]?.interval).toBe('1w');
    expect(state.workspace.interval).toBe('1h');
    // A remembered type goes with a symbol opened on any chart.
    store.rememberType('AAPL', 'stock');
    store.updateLayout((layout) => setActiveChart(layout, 1));
    store.openSymbol('AAPL');
    expect(useAppStore.getState().layout.charts[1]).toMatchObject({ symbol: 'AAPL', type: 'stock' });
  });

  it('keeps the active chart’s own indicators when the workspace changes, and reads them back saved', () => {
    const list = [{ id: 'rsi-1', kind: 'rsi' as const, params: { period: 14 } }];
    useAppStore
      .getState()
      .updateLayout((layout) => ({ ...layout, charts: layout.charts.map((view, index) => (index === layout.active ? { ...view, indicators: list } : view)) }));
    useAppStore.getState().replaceWorkspace({ ...useAppStore.getState().workspace, symbol: 'MSFT.US' });
    const { layout } = useAppStore.getState();
    expect(layout.charts[layout.active]).toMatchObject({ symbol: 'MSFT.US', indicators: list });
    expect(parsePersisted({ layout }).state.layout.charts[layout.active]?.indicators).toEqual(list);
    const damaged = parsePersisted({
      layout: { ...layout, charts: layout.charts.map((view) => ({ ...view, indicators: [{ id: 'x', kind: 'nope', params: {} }] })) },
    });
    expect(damaged.repaired).toBe(true);
    expect(damaged.state.layout.charts[0]?.indicators).toEqual([]);
  });

  it('saves the layout and reads a damaged one back as the default, saying so', () => {
    const layout = { ...initial.layout, kind: '2h' as const, active: 1 };
    expect(parsePersisted({ layout }).state.layout).toEqual(layout);
    expect(parsePersisted({}).repaired).toBe(false);
    const damaged = parsePersisted({ layout: { ...layout, active: 3 } });
    expect(damaged.state.layout).toEqual(initial.layout);
    expect(damaged.repaired).toBe(true);
    expect(parsePersisted({ layout: { ...layout, charts: layout.charts.slice(1) } }).repaired).toBe(true);
  });
});

describe('folded side columns', () => {
  it('folds each column on its own and saves the choice', () => {
    useAppStore.getState().setCollapsed('markets', true);
    expect(useAppStore.getState().preferences.collapsed).toEqual({ watchlists: false, markets: true });
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { state: unknown };
    expect(parsePersisted(saved.state)).toMatchObject({ state: { preferences: { collapsed: { watchlists: false, markets: true } } }, repaired: false });
    useAppStore.getState().setCollapsed('watchlists', true);
    useAppStore.getState().setCollapsed('markets', false);
    expect(useAppStore.getState().preferences.collapsed).toEqual({ watchlists: true, markets: false });
  });

  it('opens both columns for a store saved before columns folded, with no repair to report', async () => {
    useAppStore.setState({ notices: [] });
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: PERSIST_VERSION, state: { preferences: { theme: 'light' } } }));
    await useAppStore.persist.rehydrate();
    const state = useAppStore.getState();
    expect(state.preferences.collapsed).toEqual({ watchlists: false, markets: false });
    expect(state.preferences.theme).toBe('light');
    expect(state.notices).toEqual([]);
  });

  it('reads a damaged choice as both open, as a repair', () => {
    const { state, repaired } = parsePersisted({ preferences: { collapsed: { watchlists: 'yes', markets: true } } });
    expect(repaired).toBe(true);
    expect(state.preferences.collapsed).toEqual({ watchlists: false, markets: false });
  });
});
