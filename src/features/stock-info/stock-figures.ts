/**
 * Figures derived from stock information and the last price, in the stock's trading currency:
 * market capitalisation (price × total shares), float capitalisation (price × circulating shares),
 * P/E (price ÷ EPS TTM, else reported EPS) and P/B (price ÷ book value per share). Each one exists
 * only when all of its inputs do; a ratio over a loss or a negative book is "not meaningful".
 */

/** A decimal string of the API as a finite number, or undefined. */
export function parseDecimal(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export type Ratio = { meaningful: true; value: number } | { meaningful: false };

export interface EarningsRatio {
  /** ttm: trailing twelve months EPS; reported: the last reported EPS. */
  basis: 'ttm' | 'reported';
  ratio: Ratio;
}

/** price × shares; undefined without a positive price or a share count. */
export function capitalisation(price: number | undefined, shares: number | undefined): number | undefined {
  if (price === undefined || shares === undefined || !Number.isFinite(price) || price <= 0 || !Number.isFinite(shares) || shares < 0) {
    return undefined;
  }
  return price * shares;
}

/** price ÷ per-share figure; not meaningful when the figure is zero or negative. */
export function perShareRatio(price: number | undefined, perShare: number | undefined): Ratio | undefined {
  if (price === undefined || perShare === undefined || !Number.isFinite(price) || price <= 0 || !Number.isFinite(perShare)) {
    return undefined;
  }
  return perShare > 0 ? { meaningful: true, value: price / perShare } : { meaningful: false };
}

/** P/E on EPS TTM when present, otherwise on reported EPS. */
export function priceEarnings(price: number | undefined, eps: string | undefined, epsTtm: string | undefined): EarningsRatio | undefined {
  const ttm = parseDecimal(epsTtm);
  const basis = ttm !== undefined ? 'ttm' : 'reported';
  const ratio = perShareRatio(price, ttm ?? parseDecimal(eps));
  return ratio && { basis, ratio };
}

export interface FigureInputs {
  total_shares?: number | undefined;
  circulating_shares?: number | undefined;
  eps?: string | undefined;
  eps_ttm?: string | undefined;
  bps?: string | undefined;
}

export interface DerivedFigures {
  marketCap?: number;
  floatCap?: number;
  pe?: EarningsRatio;
  pb?: Ratio;
}

/** Every figure whose inputs exist; an empty object without a price. */
export function deriveFigures(info: FigureInputs, lastPrice: string | undefined): DerivedFigures {
  const price = parseDecimal(lastPrice);
  const marketCap = capitalisation(price, info.total_shares);
  const floatCap = capitalisation(price, info.circulating_shares);
  const pe = priceEarnings(price, info.eps, info.eps_ttm);
  const pb = perShareRatio(price, parseDecimal(info.bps));
  return {
    ...(marketCap !== undefined && { marketCap }),
    ...(floatCap !== undefined && { floatCap }),
    ...(pe && { pe }),
    ...(pb && { pb }),
  };
}
