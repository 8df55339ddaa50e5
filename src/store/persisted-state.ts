/**
 * The persisted part of the store is a trust boundary (anyone can edit local storage): it is
 * parsed field by field, so one corrupted watchlist or preference falls back to its default
 * without losing the user's other lists.
 */
import * as z from '../api/schema';
import { PRODUCT_TYPES, type ProductType } from '#shared/contract.ts';
import { detectLocale, LANGUAGES } from '../i18n/locales';
import { validIndicators } from './indicator-list';
import { DEFAULT_PREFERENCES, type Preferences } from './preferences-slice';
import { DEFAULT_WATCHLISTS, freeName, type Watchlist } from './watchlists-slice';
import { ADJUST_MODES, INTERVALS } from '#shared/contract.ts';
import { chartCount, LAYOUT_KINDS, MAX_CHARTS, SYNC_KEYS, type ChartLayout, type ChartView } from './chart-layout';
import { DEFAULT_LAYOUT, MAX_SYMBOL_TYPES } from './workspace-slice';
import { MAX_COMPARISONS } from './compare-slice';

/** The saved shapes before this one, and the steps from each: src/store/app-migrations.ts. */
export const PERSIST_VERSION = 3;

export interface PersistedState {
  preferences: Preferences;
  watchlists: Watchlist[];
  activeWatchlistId: string;
  symbolTypes: Record<string, ProductType>;
  /** The chart tab's layout: a bare visit opens it again. */
  layout: ChartLayout;
  /** Per chart id, the symbols it is compared with. */
  comparisons: Record<string, string[]>;
}

const watchlistSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  symbols: z.array(z.unknown()).check(z.maxLength(1000)),
});
const symbolSchema = z.string().check(z.minLength(1), z.maxLength(40));
const chartViewSchema = z.object({
  symbol: symbolSchema,
  type: z.optional(z.enum(PRODUCT_TYPES)),
  interval: z.enum(INTERVALS),
  adjust: z.enum(ADJUST_MODES),
  indicators: z.optional(z.unknown()),
});
const layoutSchema = z.object({
  kind: z.enum(LAYOUT_KINDS),
  charts: z.array(chartViewSchema).check(z.minLength(MAX_CHARTS), z.maxLength(MAX_CHARTS)),
  active: z.int().check(z.minimum(0), z.maximum(MAX_CHARTS - 1)),
  sync: z.object(Object.fromEntries(SYNC_KEYS.map((key) => [key, z.boolean()])) as Record<(typeof SYNC_KEYS)[number], z.Schema<boolean>>),
});

/** A layout from elsewhere (saved, shared); undefined when damaged. `ok`: nothing in it was dropped. */
export function readLayout(value: unknown): { layout: ChartLayout; ok: boolean } | undefined {
  const parsed = layoutSchema.safeParse(value);
  if (!parsed.success || parsed.data.active >= chartCount(parsed.data.kind)) return undefined;
  let ok = true;
  const charts = parsed.data.charts.map(({ type, indicators, ...view }): ChartView => {
    // A chart's own indicators are read as the preferences' are: what makes sense is kept.
    const own = indicators === undefined ? undefined : validIndicators(indicators);
    if (own?.dropped) ok = false;
    return { ...view, ...(type && { type }), ...(own && { indicators: own.list }) };
  });
  return { layout: { ...parsed.data, charts }, ok };
}
/** Each chart's comparisons (a chart id to its symbols, at most five, each once; at most 50 charts). */
const comparisonsSchema = z
  .record(
    z.string().check(z.maxLength(100)),
    z.array(symbolSchema).check(z.maxLength(MAX_COMPARISONS), (list) => (new Set(list).size === list.length ? undefined : 'a symbol twice')),
  )
  .check((charts) => (Object.keys(charts).length <= 50 ? undefined : 'too many charts'));

/** What the storage adapter hands over when the saved text is not JSON at all. */
export const UNREADABLE = Symbol('unreadable');
const fieldSchemas = {
  language: z.enum(LANGUAGES),
  theme: z.enum(['dark', 'light']),
  colors: z.enum(['green-up', 'red-up']),
  scale: z.enum(['normal', 'log', 'percent']),
  flag: z.boolean(),
  collapsed: z.object({ watchlists: z.boolean(), markets: z.boolean() }),
};

function pick<T>(schema: z.Schema<T>, value: unknown, fallback: T): { value: T; ok: boolean } {
  const parsed = schema.safeParse(value);
  return parsed.success ? { value: parsed.data, ok: true } : { value: fallback, ok: value === undefined };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Parses whatever local storage held; `repaired` is true when something had to be dropped.
 * `languages` (navigator.languages) choose the language of a first visit.
 */
export function parsePersisted(raw: unknown, languages: readonly string[] = []): { state: PersistedState; repaired: boolean } {
  let repaired = raw === UNREADABLE || (raw !== undefined && (typeof raw !== 'object' || raw === null));
  const source = record(raw);
  const prefs = record(source.preferences);
  const indicators = validIndicators(prefs.indicators);
  if (indicators.dropped) repaired = true;
  const defaults = DEFAULT_PREFERENCES;
  const field = <T>(schema: z.Schema<T>, value: unknown, fallback: T): T => {
    const result = pick(schema, value, fallback);
    if (!result.ok) repaired = true;
    return result.value;
  };
  const preferences: Preferences = {
    language: field(fieldSchemas.language, prefs.language, detectLocale(languages)),
    theme: field(fieldSchemas.theme, prefs.theme, defaults.theme),
    colors: field(fieldSchemas.colors, prefs.colors, defaults.colors),
    colorsChosen: field(fieldSchemas.flag, prefs.colorsChosen, defaults.colorsChosen),
    scale: field(fieldSchemas.scale, prefs.scale, defaults.scale),
    indicators: indicators.list,
    // Saved before columns folded (version 3 without it): both open, nothing to repair.
    collapsed: field(fieldSchemas.collapsed, prefs.collapsed, defaults.collapsed),
  };
  let watchlists: Watchlist[] = DEFAULT_WATCHLISTS;
  if (Array.isArray(source.watchlists)) {
    const seen = new Set<string>();
    watchlists = [];
    for (const item of source.watchlists) {
      const parsed = watchlistSchema.safeParse(item);
      if (!parsed.success || seen.has(parsed.data.id)) {
        repaired = true;
        continue;
      }
      seen.add(parsed.data.id);
      // One bad symbol costs that symbol, not the whole list.
      const symbols = parsed.data.symbols.filter((symbol): symbol is string => symbolSchema.safeParse(symbol).success);
      if (symbols.length !== parsed.data.symbols.length) repaired = true;
      // Names are unique (ignoring case): a second "US tech" saved before that rule becomes "US tech 2".
      watchlists.push({ ...parsed.data, name: freeName(watchlists, parsed.data.name), symbols: [...new Set(symbols)] });
    }
  } else if (source.watchlists !== undefined) {
    repaired = true;
  }
  const symbolTypes: Record<string, ProductType> = {};
  for (const [symbol, type] of Object.entries(record(source.symbolTypes)).slice(-MAX_SYMBOL_TYPES)) {
    if (symbol.length > 0 && symbol.length <= 40 && (PRODUCT_TYPES as readonly unknown[]).includes(type)) symbolTypes[symbol] = type as ProductType;
    else repaired = true;
  }
  const active = typeof source.activeWatchlistId === 'string' ? source.activeWatchlistId : '';
  const activeWatchlistId = watchlists.some((list) => list.id === active) ? active : (watchlists[0]?.id ?? '');
  // A missing or damaged layout: the default (the active chart must be shown).
  const layout = readLayout(source.layout) ?? { layout: DEFAULT_LAYOUT, ok: source.layout === undefined };
  if (!layout.ok) repaired = true;
  const comparisons = field(comparisonsSchema, source.comparisons, {});
  return { state: { preferences, watchlists, activeWatchlistId, symbolTypes, layout: layout.layout, comparisons }, repaired };
}
