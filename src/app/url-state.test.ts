import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKSPACE } from '../store/workspace-slice';
import { parseWorkspace, serializeWorkspace } from './url-state';

describe('workspace in the URL', () => {
  it('round-trips every field', () => {
    const workspace = { symbol: '700.HK', interval: '1h', adjust: 'forward', zone: 'utc', tab: 'trades' } as const;
    expect(parseWorkspace(serializeWorkspace(workspace))).toEqual({ workspace, problems: [] });
    const typed = { ...workspace, symbol: 'BTCUSD', type: 'crypto' } as const;
    expect(parseWorkspace(serializeWorkspace(typed)).workspace).toEqual(typed);
  });

  it('falls back per field and names what it ignored', () => {
    const { workspace, problems } = parseWorkspace('?symbol=<script>&interval=7m&adjust=forward&tz=mars&tab=chart');
    expect(workspace).toEqual({ ...DEFAULT_WORKSPACE, adjust: 'forward' });
    expect(problems).toEqual(['symbol “<script>”', 'interval “7m”', 'tz “mars”']);
  });

  it('upper-cases symbols and keeps defaults for an empty query', () => {
    expect(parseWorkspace('?symbol=aapl.us').workspace.symbol).toBe('AAPL.US');
    expect(parseWorkspace('')).toEqual({ workspace: DEFAULT_WORKSPACE, problems: [] });
  });
});
