import { describe, expect, it } from 'vitest';
import type { ChartLayout } from '../store/chart-layout';
import { DEFAULT_LAYOUT, DEFAULT_WORKSPACE } from '../store/workspace-slice';
import { linkView, parseLayout, parseWorkspace, serializeLayout, serializeWorkspace } from './url-state';

describe('workspace in the URL', () => {
  it('round-trips every field', () => {
    const workspace = { symbol: '700.HK', interval: '1h', adjust: 'forward', zone: 'utc', tab: 'trades' } as const;
    expect(parseWorkspace(serializeWorkspace(workspace))).toEqual({ workspace, problems: [] });
    const typed = { ...workspace, symbol: 'BTCUSD', type: 'crypto', adjust: 'none' } as const;
    expect(parseWorkspace(serializeWorkspace(typed)).workspace).toEqual(typed);
  });

  it('falls back per field and names what it ignored', () => {
    const { workspace, problems } = parseWorkspace('?symbol=<script>&interval=7m&adjust=forward&tz=mars&tab=chart');
    expect(workspace).toEqual({ ...DEFAULT_WORKSPACE, adjust: 'forward' });
    expect(problems).toEqual(['symbol “<script>”', 'interval “7m”', 'tz “mars”']);
  });

  it('leaves adjustment out of the link of an instrument without adjusted prices, and names one a link gave it', () => {
    expect(serializeWorkspace({ ...DEFAULT_WORKSPACE, symbol: 'EURUSD', adjust: 'forward' })).toBe('?symbol=EURUSD&interval=1d&tz=market&tab=chart');
    expect(serializeWorkspace({ ...DEFAULT_WORKSPACE, symbol: 'BTCUSD', type: 'stock', adjust: 'backward' })).toContain('adjust=backward');
    const { workspace, problems } = parseWorkspace('?symbol=EURUSD&interval=1h&adjust=forward');
    expect(workspace).toEqual({ ...DEFAULT_WORKSPACE, symbol: 'EURUSD', interval: '1h', adjust: 'none' });
    expect(problems).toEqual(['adjust “forward” (EURUSD has no adjusted prices)']);
    // "none" is no adjustment at all: nothing to report.
    expect(parseWorkspace('?symbol=EURUSD&adjust=none').problems).toEqual([]);
    // A link without one: the stocks' default (forward) is not the link's to report.
    expect(parseWorkspace('?symbol=BTCUSDT&interval=1h')).toEqual({
      workspace: { ...DEFAULT_WORKSPACE, symbol: 'BTCUSDT', interval: '1h', adjust: 'none' },
      problems: [],
    });
  });

  it('upper-cases symbols and keeps defaults for an empty query', () => {
    expect(parseWorkspace('?symbol=aapl.us').workspace.symbol).toBe('AAPL.US');
    expect(parseWorkspace('')).toEqual({ workspace: DEFAULT_WORKSPACE, problems: [] });
  });
});

describe('layout in the URL', () => {
  const layout: ChartLayout = {
    kind: '4',
    charts: [
      { symbol: 'AAPL.US', interval: '1d', adjust: 'forward' },
      { symbol: '700.HK', type: 'stock', interval: '1h', adjust: 'none' },
      { symbol: 'EURUSD', interval: '5m', adjust: 'none' },
      { symbol: 'BTCUSDT', interval: '1w', adjust: 'none' },
    ],
    active: 1,
    sync: { crosshair: true, symbol: false, interval: true, range: false },
  };
  const workspaceOf = (search: string) => parseWorkspace(search).workspace;

  it('round-trips a layout; the active chart is the workspace of the link', () => {
    const workspace = { ...DEFAULT_WORKSPACE, symbol: '700.HK', type: 'stock' as const, interval: '1h' as const };
    const search = `${serializeWorkspace(workspace)}${serializeLayout(layout)}`;
    expect(search).toContain('&layout=4&charts=AAPL.US~1d~forward,700.HK~1h~none~stock,EURUSD~5m~none,BTCUSDT~1w~none&active=1&sync=crosshair,interval');
    expect(parseLayout(search, workspaceOf(search), DEFAULT_LAYOUT)).toEqual({ layout, problems: [] });
  });

  it('writes nothing for one chart and reads no layout without layout=', () => {
    expect(serializeLayout({ ...layout, kind: '1' })).toBe('');
    expect(parseLayout('?symbol=AAPL.US', workspaceOf('?symbol=AAPL.US'), DEFAULT_LAYOUT)).toEqual({ problems: [] });
  });

  it('keeps a slot’s default for a bad chart and names it; a bad layout or active index falls back', () => {
    const search = '?symbol=EURUSD&layout=2h&charts=EURUSD~1d~none,bad%20symbol~1d&active=7';
    const { layout: parsed, problems } = parseLayout(search, workspaceOf(search), DEFAULT_LAYOUT);
    expect(parsed?.charts[1]).toEqual(DEFAULT_LAYOUT.charts[1]);
    expect(parsed?.active).toBe(0);
    expect(parsed?.sync).toEqual(DEFAULT_LAYOUT.sync);
    expect(problems).toEqual(['chart “bad symbol~1d”', 'active “7”']);
    expect(parseLayout('?layout=9', workspaceOf(''), DEFAULT_LAYOUT).problems).toEqual(['layout “9”']);
  });

  it('names what else it could not use: an active index out of the layout, an unknown sync, a chart beyond the fourth', () => {
    const search = '?symbol=AAPL.US&layout=4&charts=AAPL.US~1d~none,MSFT.US~1d~none,EURUSD~1h~none,BTCUSDT~1d~none,NVDA.US~1d~none&active=9&sync=crosshair,foo';
    const { layout: parsed, problems } = parseLayout(search, workspaceOf(search), DEFAULT_LAYOUT);
    expect(parsed?.active).toBe(0);
    expect(parsed?.sync).toEqual({ crosshair: true, symbol: false, interval: false, range: false });
    expect(problems).toEqual(['chart “NVDA.US~1d~none” (4 at most)', 'active “9”', 'sync “foo”']);
    expect(parseLayout('?layout=2h&active=x', workspaceOf(''), DEFAULT_LAYOUT).problems).toEqual(['active “x”']);
  });

  it('opens a chart whose interval or adjustment is unknown with the slot’s interval and a stock’s default adjustment, and names what it ignored', () => {
    const search = '?symbol=AAPL.US&layout=2h&charts=AAPL.US~1d~none,MSFT.US~9x~sideways';
    const { layout: parsed, problems } = parseLayout(search, workspaceOf(search), DEFAULT_LAYOUT);
    expect(parsed?.charts[1]).toMatchObject({ symbol: 'MSFT.US', interval: DEFAULT_LAYOUT.charts[1]?.interval, adjust: 'forward' });
    expect(problems).toEqual(['interval “9x” of MSFT.US', 'adjust “sideways” of MSFT.US']);
  });

  it('opens the active chart of a link’s charts, whatever its own symbol says; a bare visit opens the saved layout', () => {
    const search = '?symbol=AAPL.US&interval=1d&layout=2h&charts=AAPL.US~1d~none,700.HK~1h~none&active=1';
    const { workspace, layout: opened } = linkView(search, DEFAULT_LAYOUT);
    expect(workspace).toMatchObject({ symbol: '700.HK', interval: '1h' });
    expect(opened.charts[1]).toEqual({ symbol: '700.HK', interval: '1h', adjust: 'none' });
    const saved: ChartLayout = { ...layout, active: 2 };
    expect(linkView('', saved)).toMatchObject({ layout: saved, workspace: { symbol: 'EURUSD', interval: '5m' } });
    // A link naming a symbol opens one chart, the saved ones kept behind it.
    expect(linkView('?symbol=MSFT.US', saved).layout).toEqual({ ...saved, kind: '1' });
  });

  it('drops an adjustment a chart’s instrument does not have', () => {
    const search = '?symbol=AAPL.US&layout=2v&charts=AAPL.US~1d~none,EURUSD~1d~forward&active=0&sync=';
    const parsed = parseLayout(search, workspaceOf(search), DEFAULT_LAYOUT).layout;
    expect(parsed?.charts[1]).toEqual({ symbol: 'EURUSD', interval: '1d', adjust: 'none' });
    expect(parsed?.sync).toEqual({ crosshair: false, symbol: false, interval: false, range: false });
  });
});
