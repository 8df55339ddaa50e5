/**
 * Published exchange closures and half (early-close) days, as data. Years not listed here fall
 * back to rules (NYSE: us-holiday-rules.ts) or fixed-date approximations (HKEX, SSE/SZSE:
 * closures.ts). Weekends are never listed: no venue but CRYPTO trades on them anyway.
 */

export interface PublishedYear {
  /** Full-day closures, YYYYMMDD. */
  readonly closed: readonly string[];
  /** Half trading days (early close), YYYYMMDD. */
  readonly half: readonly string[];
}

/** NYSE full closures and 13:00 ET early closes, by year. */
export const NYSE_PUBLISHED: Readonly<Partial<Record<number, PublishedYear>>> = {
  // NYSE holidays and early closures 2025, nyse.com/markets/hours-calendars.
  // 20250109 is the national day of mourning for President Carter: a one-off closure no rule yields.
  2025: {
    closed: ['20250101', '20250109', '20250120', '20250217', '20250418', '20250526', '20250619', '20250704', '20250901', '20251127', '20251225'],
    half: ['20250703', '20251128', '20251224'],
  },
  // NYSE holidays and early closures 2026, nyse.com/markets/hours-calendars.
  2026: {
    closed: ['20260101', '20260119', '20260216', '20260403', '20260525', '20260619', '20260703', '20260907', '20261126', '20261225'],
    half: ['20261127', '20261224'],
  },
  // NYSE holidays and early closures 2027, nyse.com/markets/hours-calendars.
  // Juneteenth (Sat) and Christmas (Sat) are observed on the Fridays before, Independence Day (Sun)
  // on the Monday after; Christmas Eve is itself the observed holiday, so no early close then.
  2027: {
    closed: ['20270101', '20270118', '20270215', '20270326', '20270531', '20270618', '20270705', '20270906', '20271125', '20271224'],
    half: ['20271126'],
  },
};

/** HKEX closures and half days (morning session only), by year. */
export const HKEX_PUBLISHED: Readonly<Partial<Record<number, PublishedYear>>> = {
  // HKEX trading calendar 2025.
  2025: {
    closed: [
      '20250101',
      '20250129',
      '20250130',
      '20250131',
      '20250404',
      '20250418',
      '20250421',
      '20250501',
      '20250505',
      '20250701',
      '20251001',
      '20251007',
      '20251029',
      '20251225',
      '20251226',
    ],
    half: ['20250128', '20251224', '20251231'],
  },
  // HKEX trading calendar 2026.
  2026: {
    closed: [
      '20260101',
      '20260217',
      '20260218',
      '20260219',
      '20260403',
      '20260406',
      '20260407',
      '20260501',
      '20260525',
      '20260619',
      '20260701',
      '20261001',
      '20261019',
      '20261225',
    ],
    half: ['20260216', '20261224', '20261231'],
  },
  // 2027 and later: the fixed-date approximation of closures.ts (which closes 1 Jan 2027).
};

/** SSE/SZSE/BSE closures (A-share market; also the CN futures exchanges), by year. No half days. */
export const SSE_PUBLISHED: Readonly<Partial<Record<number, PublishedYear>>> = {
  // SSE/SZSE 2025 holiday notice per the State Council.
  2025: {
    closed: [
      '20250101',
      '20250128',
      '20250129',
      '20250130',
      '20250131',
      '20250203',
      '20250204',
      '20250404',
      '20250501',
      '20250502',
      '20250505',
      '20250602',
      '20251001',
      '20251002',
      '20251003',
      '20251006',
      '20251007',
      '20251008',
    ],
    half: [],
  },
  // SSE/SZSE 2026 holiday notice per the State Council.
  2026: {
    closed: [
      '20260101',
      '20260102',
      '20260216',
      '20260217',
      '20260218',
      '20260219',
      '20260220',
      '20260223',
      '20260406',
      '20260501',
      '20260504',
      '20260505',
      '20260619',
      '20260925',
      '20261001',
      '20261002',
      '20261005',
      '20261006',
      '20261007',
    ],
    half: [],
  },
  // 2027 and later: the fixed-date approximation of closures.ts (which closes 1 Jan 2027).
};
