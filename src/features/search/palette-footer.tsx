/** The palette's footer: what is loaded, "More results", what just happened, and the keys. */
import { formatInteger } from '../../lib/format';
import type { ProductPages } from './use-product-pages';

interface PaletteFooterProps {
  pages: ProductPages;
  query: string;
  /** Loaded products matching the query. */
  matches: number;
  /** The symbol being checked before it opens. */
  checking: string | undefined;
  notice: string;
  onMore: () => void;
}

function loadedText(pages: ProductPages, query: string, matches: number): string {
  if (pages.isLoading) return 'Loading symbols…';
  if (pages.total === undefined) return '';
  const loaded = `${formatInteger(pages.products.length)} of ${formatInteger(pages.total)} loaded`;
  if (query.trim() === '') return loaded;
  const found = matches === 1 ? '1 match' : `${formatInteger(matches)} matches`;
  return `${found} · ${loaded}`;
}

export function PaletteFooter({ pages, query, matches, checking, notice, onMore }: PaletteFooterProps) {
  const status = checking !== undefined ? `Checking ${checking}…` : notice;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-200 px-3 py-2 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
      <span>{loadedText(pages, query, matches)}</span>
      {pages.hasMore && (
        <button
          type="button"
          onClick={onMore}
          className="rounded border border-slate-300 px-2 py-0.5 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          More results
        </button>
      )}
      {pages.isLoadingMore && <span>Loading more…</span>}
      {pages.error !== undefined && pages.products.length > 0 && (
        <button type="button" onClick={pages.retry} className="text-amber-700 underline dark:text-amber-300">
          Loading more failed — retry
        </button>
      )}
      <span role="status" className="font-medium text-slate-700 dark:text-slate-200">
        {status}
      </span>
      <span className="ml-auto hidden sm:inline">↑↓ move · Enter open · Shift+Enter add to watchlist · Esc close</span>
    </div>
  );
}
