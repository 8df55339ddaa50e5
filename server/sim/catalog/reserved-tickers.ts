/**
 * Real US tickers of three letters or more the generated long tail never takes (us-universe.ts):
 * a trader who types one means the real company, so an invented one under it would be found
 * first and be wrong. The US listings of Chinese companies (BILI, TME), foreign companies'
 * well-known ADRs, and large US companies the hand-written majors do not list. Tickers of one or
 * two letters are all left free (us-universe.ts): nearly all are well-known companies (F, GE, JD).
 */
export const RESERVED_US_TICKERS: ReadonlySet<string> = new Set(
  [
    // Chinese companies' US listings.
    'ATHM BEKE BIDU BILI DOYU EDU FUTU GDS HTHT HUYA MNSO MOMO NIO NTES PDD QFIN TAL TCOM TIGR TME VIPS XPEV YMM YUMC ZTO',
    // Other foreign companies' ADRs and US listings.
    'ABBNY ARM ASML AZN BBVA BCS BHP BTI DEO GSK HDB HMC HSBC IBN INFY ING MUFG NGG NVO NVS RIO SAN SAP SHEL SHOP SONY SPOT TSM TTE UBS',
    // Large US companies.
    'AMD AMGN AMT AXP BKNG BLK BMY CAT CMCSA COIN COP COST CRM CSCO CVS CVX DHR DIS FDX GILD HON HOOD IBM INTC ISRG LLY LMT LOW LYFT MCD MDT MMM MRK NFLX NKE NOC ORCL PEP PFE PLTR PYPL QCOM RIVN RTX SBUX SCHW SNAP TGT TMO TXN UBER UNH UNP UPS WFC WMT XOM',
  ].flatMap((group) => group.split(' ')),
);
