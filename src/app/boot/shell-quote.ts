/**
 * The quote in the static shell's header once the symbol's first ticker is there. On a phone
 * the app renders over the shell half a second or more after the first candle (its chunk's
 * compile and first render), and the price is what a trader opened the page for. Written with the
 * header's own classes (quote-classes.ts) into its grid area, so the app's header takes its place
 * box for box; nothing is written once the app has rendered, or when no quote came.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import type { Ticker } from '../../api/quote-schemas';
import { changeText, directionColor, tickerFigures } from '../../components/live-quote/ticker-figures';
import { QUOTE_CLASSES } from '../quote-classes';
import { HK_CODE_CLASS, hkDisplayCode } from '../../lib/hk-code';
import { interimName } from '../../lib/interim-name';
import type { Language } from '../../i18n/locales';
import { watchTicker } from './watch-ticker';

const BRAND_NAME = 'Chartroom';

/** The shell's header while the shell is still on the page (it carries aria-busy). */
function shellHeader(): Element | null {
  return document.querySelector('.app-page[aria-busy="true"] > .app-header');
}

function span(className: string, text: string): HTMLSpanElement {
  const element = document.createElement('span');
  element.className = className;
  element.textContent = text;
  return element;
}

/** The quote's boxes, as SymbolHeader renders them for a ticker (of a symbol given without a type). */
export function shellQuoteRow(symbol: string, ticker: Ticker, language: Language): HTMLDivElement {
  const figures = tickerFigures(ticker);
  const row = document.createElement('div');
  row.className = QUOTE_CLASSES.row;
  row.dataset.testid = 'shell-quote';
  const title = document.createElement('h1');
  title.className = QUOTE_CLASSES.symbol;
  title.textContent = symbol;
  // The name's box as the app's header draws it: an HK stock's code first (00700), so nothing moves
  // when the app takes over; the quote's own name only in the language's script, as there.
  const name = span(QUOTE_CLASSES.name, '');
  const code = hkDisplayCode(symbol);
  if (code !== undefined) name.append(span(HK_CODE_CLASS, code));
  name.append(interimName(symbol, ticker.name, language) ?? '');
  row.append(title, name, span(QUOTE_CLASSES.last, figures.last));
  if (figures.change !== undefined) {
    const change = span(QUOTE_CLASSES.change, changeText(figures));
    const color = directionColor(figures.direction);
    if (color) change.style.color = color;
    row.append(change);
  }
  return row;
}

/**
 * Writes the quote once the ticker has answered, its name for `language` (the stored preference).
 * True when it is written at once (the ticker was in hand: the page carries it), so the caller can
 * let it be painted before the app's chunk is evaluated.
 */
export function showShellQuote(queryClient: QueryClient, language: Language, symbol: string, type?: ProductType): boolean {
  // A symbol given with its type shows the type's name, in the page's language: the app writes that.
  if (type) return false;
  let written = false;
  watchTicker(queryClient, symbol, type, (state) => {
    if (!state || state.status === 'pending') return false;
    const header = shellHeader();
    if (state.status === 'success' && header) {
      // The shell's brand is the logo alone (no text before the candles); the app's has its name where there is room.
      const brand = header.querySelector('.app-header-brand');
      if (brand && !brand.querySelector('.app-header-brand-name')) brand.append(span('app-header-brand-name', BRAND_NAME));
      header.append(shellQuoteRow(symbol, state.data as Ticker, language));
      written = true;
    }
    return true;
  });
  return written;
}
