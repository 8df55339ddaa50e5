import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKSPACE } from '../store/workspace-slice';
import { parseWorkspace, serializeWorkspace } from './url-state';

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
  });

  it('upper-cases symbols and keeps defaults for an empty query', () => {
    expect(parseWorkspace('?symbol=aapl.us').workspace.symbol).toBe('AAPL.US');
    expect(parseWorkspace('')).toEqual({ workspace: DEFAULT_WORKSPACE, problems: [] });
  });
});
