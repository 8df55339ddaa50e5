/**
 * Stock information (§2.8) and derived figures as labelled, formatted rows, grouped in sections.
 * A field the market does not return gives no row; nothing here prints "undefined".
 */
import { t, type MessageKey } from '../../i18n/t';
import type { StockInfo } from '../../api/reference-schemas';
import { decimalsOf, formatCompact, formatInteger, formatMoney, formatPrice } from '../../lib/format';
import { deriveFigures, parseDecimal, type Ratio } from './stock-figures';

export interface InfoRow {
  id: string;
  label: string;
  value: string;
  /** The full figure, for hover, where `value` is compact. */
  title?: string;
  /** Language of the value (names in Chinese scripts). */
  lang?: string;
}

export interface InfoSection {
  id: string;
  title: string;
  rows: InfoRow[];
}

/** A-share board codes (§2.8 leaves the values unshown; these are the simulator's and the common ones). */
export const BOARD_LABELS: Readonly<Record<string, MessageKey>> = {
  sh_main: 'SSE Main Board',
  star: 'STAR Market',
  sz_main: 'SZSE Main Board',
  chinext: 'ChiNext',
  bj: 'BSE',
};

const DERIVATIVE_LABELS: Readonly<Record<number, MessageKey>> = { 1: 'Options', 2: 'Warrants' };

/** A board as a trader names it (上交所主板, SSE Main Board); the data's code only for a board not known here. */
export function boardLabel(code: string): string {
  const label = BOARD_LABELS[code];
  return label !== undefined ? t(label) : code;
}

export function derivativesLabel(codes: readonly number[]): string {
  if (codes.length === 0) return t('None|derivatives');
  return codes
    .map((code) => {
      const label = DERIVATIVE_LABELS[code];
      return label ? t(label) : t('Type {n}', { n: code });
    })
    .join(', ');
}

/** A decimal string at its own precision: '23.3789', '−0.2'. */
function decimal(text: string): string | undefined {
  const value = parseDecimal(text);
  return value === undefined ? undefined : formatPrice(value, decimalsOf(text));
}

function percent(text: string): string | undefined {
  const value = parseDecimal(text);
  return value === undefined ? undefined : `${formatPrice(value, Math.max(2, decimalsOf(text)))}%`;
}

function shares(id: string, label: string, count: number | undefined): InfoRow | undefined {
  if (count === undefined) return undefined;
  return { id, label, value: formatCompact(count), title: t('{n} shares', { count, n: formatInteger(count) }) };
}

function money(id: string, label: string, amount: number | undefined, currency: string | undefined): InfoRow | undefined {
  if (amount === undefined) return undefined;
  if (currency === undefined) return { id, label, value: formatCompact(amount), title: formatInteger(amount) };
  return { id, label, value: formatMoney(amount, currency, { compact: true }), title: formatMoney(amount, currency, { decimals: 0 }) };
}

function ratioText(ratio: Ratio, reason: string): string {
  return ratio.meaningful ? formatPrice(ratio.value, 2) : t('n/m ({reason})', { reason });
}

function row(id: string, label: string, value: string | undefined, extra: Partial<InfoRow> = {}): InfoRow | undefined {
  return value === undefined ? undefined : { id, label, value, ...extra };
}

function present(rows: readonly (InfoRow | undefined)[]): InfoRow[] {
  return rows.filter((item): item is InfoRow => item !== undefined);
}

/** Sections with at least one row: company, shares, per share, valuation (needs the last price). */
export function stockInfoSections(info: StockInfo, lastPrice: string | undefined): InfoSection[] {
  const figures = deriveFigures(info, lastPrice);
  const price = parseDecimal(lastPrice);
  const sections: InfoSection[] = [
    {
      id: 'company',
      title: t('Company'),
      rows: present([
        row('name_en', t('Name (English)'), info.name_en),
        row('name_cn', t('Name (simplified Chinese)'), info.name_cn, { lang: 'zh-Hans' }),
        row('name_hk', t('Name (traditional Chinese)'), info.name_hk, { lang: 'zh-Hant' }),
        row('exchange', t('Exchange'), info.exchange),
        row('board', t('Board'), info.board === undefined ? undefined : boardLabel(info.board)),
        row('currency', t('Currency'), info.currency),
        row('lot_size', t('Lot size'), info.lot_size === undefined ? undefined : t('{n} shares', { count: info.lot_size, n: formatInteger(info.lot_size) })),
        row('stock_derivatives', t('Derivatives'), info.stock_derivatives && derivativesLabel(info.stock_derivatives)),
      ]),
    },
    {
      id: 'shares',
      title: t('Shares'),
      rows: present([
        shares('total_shares', t('Total shares'), info.total_shares),
        shares('circulating_shares', t('Circulating shares'), info.circulating_shares),
        shares('hk_shares', t('H shares'), info.hk_shares),
      ]),
    },
    {
      id: 'per-share',
      title: t('Per share'),
      rows: present([
        row('eps', t('EPS'), info.eps === undefined ? undefined : decimal(info.eps)),
        row('eps_ttm', t('EPS (TTM)'), info.eps_ttm === undefined ? undefined : decimal(info.eps_ttm)),
        row('bps', t('Book value per share'), info.bps === undefined ? undefined : decimal(info.bps)),
        row('dividend_yield', t('Dividend yield'), info.dividend_yield === undefined ? undefined : percent(info.dividend_yield)),
      ]),
    },
  ];
  const derived = present([
    money('market_cap', t('Market cap'), figures.marketCap, info.currency),
    money('float_cap', t('Float market cap'), figures.floatCap, info.currency),
    row('pe', t(figures.pe?.basis === 'ttm' ? 'P/E (TTM)' : 'P/E'), figures.pe && ratioText(figures.pe.ratio, t('loss'))),
    row('pb', t('P/B'), figures.pb && ratioText(figures.pb, t('negative book value'))),
  ]);
  if (derived.length > 0 && price !== undefined && lastPrice !== undefined) {
    const basis: InfoRow = { id: 'last_price', label: t('At last price'), value: formatLastPrice(price, lastPrice, info.currency) };
    sections.push({ id: 'valuation', title: t('Valuation'), rows: [basis, ...derived] });
  }
  return sections.filter((section) => section.rows.length > 0);
}

function formatLastPrice(price: number, text: string, currency: string | undefined): string {
  const decimals = decimalsOf(text);
  return currency === undefined ? formatPrice(price, decimals) : formatMoney(price, currency, { decimals });
}
