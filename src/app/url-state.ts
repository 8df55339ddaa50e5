/**
 * The workspace in the URL: `?symbol=700.HK&interval=1d&adjust=forward&tz=market&tab=chart`.
 * A shared link opens the same view; a bad value falls back to its default with a notice, and so
 * does a value that does not apply to the instrument (an adjustment of EURUSD), which the URL
 * then leaves out: adjustment is written for stocks only.
 */
import { ADJUST_MODES, INTERVALS, PRODUCT_TYPES, type ProductType } from '#shared/contract.ts';
import { isStockInstrument } from '#shared/symbols.ts';
import { DEFAULT_WORKSPACE, DISPLAY_ZONES, PANEL_TABS, type Workspace } from '../store/workspace-slice';

const SYMBOL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.\-_]{0,23}$/;

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** Reads a workspace from a query string; `problems` lists the values that were ignored. */
export function parseWorkspace(search: string, fallback: Workspace = DEFAULT_WORKSPACE): { workspace: Workspace; problems: string[] } {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const read = <T extends string>(name: string, allowed: readonly T[], current: T): T => {
    const raw = params.get(name);
    if (raw === null || raw === '') return current;
    const value = oneOf(allowed, raw);
    if (value === undefined) problems.push(`${name} “${raw.slice(0, 24)}”`);
    return value ?? current;
  };
  let symbol = fallback.symbol;
  const rawSymbol = params.get('symbol');
  if (rawSymbol !== null && rawSymbol !== '') {
    if (SYMBOL_PATTERN.test(rawSymbol.trim())) symbol = rawSymbol.trim().toUpperCase();
    else problems.push(`symbol “${rawSymbol.slice(0, 24)}”`);
  }
  const rawType = params.get('type');
  const type: ProductType | undefined = rawType ? oneOf(PRODUCT_TYPES, rawType) : undefined;
  if (rawType && !type) problems.push(`type “${rawType.slice(0, 24)}”`);
  const workspace: Workspace = {
    symbol,
    interval: read('interval', INTERVALS, fallback.interval),
    adjust: read('adjust', ADJUST_MODES, fallback.adjust),
    zone: read('tz', DISPLAY_ZONES, fallback.zone),
    tab: read('tab', PANEL_TABS, fallback.tab),
  };
  if (type) workspace.type = type;
  if (!isStockInstrument(symbol, type) && workspace.adjust !== 'none') {
    problems.push(`adjust “${workspace.adjust}” (${symbol} has no adjusted prices)`);
    workspace.adjust = 'none';
  }
  return { workspace, problems };
}

/** The query string of a workspace (defaults included, so a link is explicit). */
export function serializeWorkspace(workspace: Workspace): string {
  const params = new URLSearchParams({ symbol: workspace.symbol });
  if (workspace.type) params.set('type', workspace.type);
  params.set('interval', workspace.interval);
  // The chosen adjustment stays in the workspace for the next stock; only a stock's link shows it.
  if (isStockInstrument(workspace.symbol, workspace.type)) params.set('adjust', workspace.adjust);
  params.set('tz', workspace.zone);
  params.set('tab', workspace.tab);
  return `?${params.toString()}`;
}
