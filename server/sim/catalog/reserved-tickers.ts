/**
 * Real US tickers the generated long tail never takes (us-universe.ts): a trader who types one
 * means the real company, so an invented one under it would be found first and be wrong. The
 * US listings of the Hong Kong and A-share majors (JD for JD.com, beside 9618.HK), foreign
 * companies' well-known ADRs, and large US companies the hand-written majors do not list. Every
 * ticker of one or two letters is left free as well (us-universe.ts): those are nearly all
 * well-known companies (F, GE, KO).
 */
export const RESERVED_US_TICKERS: ReadonlySet<string> = new Set(
  [
    // Chinese companies' US listings.
    'ATHM BEKE BIDU BILI BZ DOYU EDU FUTU GDS HTHT HUYA IQ JD KC LI LU MNSO MOMO NIO NTES PDD QFIN TAL TCOM TIGR TME VIPS WB XPEV YMM YUMC ZH ZTO',
    // Other foreign companies' ADRs and US listings.
    'ABBNY ARM ASML AZN BBVA BCS BHP BP BTI DEO GSK HDB HMC HSBC IBN INFY ING MUFG NGG NVO NVS RIO SAN SAP SHEL SHOP SONY SPOT TD TM TSM TTE UBS UL',
    // Large US companies.
    'AMD AMGN AMT AXP BKNG BLK BMY CAT CMCSA COIN COP COST CRM CSCO CVS CVX DE DHR DIS FDX GILD HON HOOD IBM INTC ISRG LLY LMT LOW LYFT MCD MDT MMM MRK NFLX NKE NOC ORCL PEP PFE PLTR PYPL QCOM RIVN RTX SBUX SCHW SNAP SQ TGT TMO TXN UBER UNH UNP UPS WFC WMT XOM ZM',
  ].flatMap((group) => group.split(' ')),
);
