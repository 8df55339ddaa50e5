/** The palette's footer: how many instruments match, "Show more", what just happened, and the keys. */
import { t } from '../../i18n/t';
import { formatInteger } from '../../lib/format';

interface PaletteFooterProps {
  /** Instruments in the catalogue; undefined until it is loaded. */
  catalogSize: number | undefined;
  query: string;
  /** Catalogue matches of the query (with the filters); undefined until the catalogue is loaded. */
  total: number | undefined;
  /** More matches than are listed. */
  hasMore: boolean;
  /** The symbol being checked before it opens. */
  checking: string | undefined;
  notice: string;
  onMore: () => void;
}

function countText(catalogSize: number | undefined, query: string, total: number | undefined): string {
  if (catalogSize === undefined || total === undefined) return '';
  const instruments = t('{n} instruments', { n: formatInteger(catalogSize) });
  if (query.trim() === '') return total === catalogSize ? instruments : t('{n} of {instruments}', { n: formatInteger(total), instruments });
  return t('{n} matches in {instruments}', { n: formatInteger(total), count: total, instruments });
}

export function PaletteFooter({ catalogSize, query, total, hasMore, checking, notice, onMore }: PaletteFooterProps) {
  const status = checking !== undefined ? t('Checking {symbol}…', { symbol: checking }) : notice;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-200 px-3 py-2 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
      <span data-testid="search-count">{countText(catalogSize, query, total)}</span>
      {hasMore && (
        <button
          type="button"
          onClick={onMore}
          className="rounded border border-slate-300 px-2 py-0.5 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          {t('Show more')}
        </button>
      )}
      <span role="status" className="font-medium text-slate-700 dark:text-slate-200">
        {status}
      </span>
      {/* Keys, for a keyboard: not on a touch screen, however wide (a phone on its side, a tablet). */}
      <span className="ml-auto hidden sm:inline touch:hidden">{t('↑↓ move · Enter open · Shift+Enter add to watchlist · Esc close')}</span>
    </div>
  );
}
