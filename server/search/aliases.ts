/**
 * The words traders type for instruments whose names the API gives only in Chinese or spells
 * otherwise: China futures by product (`copper` for CU2612), the best-known A-shares by their
 * English and brand names (`Moutai`, `CATL`), spot metals and indices by the word for them
 * (`gold`, `nikkei`). The search treats an alias as a name it ranks first among equals: a trader
 * typing `gold` means the metal before Goldman Sachs. Keyed by what stays across listings: a
 * futures product's letters (every contract month), a stock's or index's symbol.
 */

/** China futures products by their letters (AU2612 → AU). Phrases are separated by `|`. */
const FUTURES_PRODUCTS: Readonly<Record<string, string>> = {
  AU: 'gold futures|gold|黄金|黃金',
  AG: 'silver futures|silver|白银|白銀',
  CU: 'copper',
  BC: 'international copper|copper',
  AL: 'aluminium|aluminum',
  AO: 'alumina',
  ZN: 'zinc',
  PB: 'lead',
  NI: 'nickel',
  SN: 'tin',
  SS: 'stainless steel',
  RB: 'rebar|steel rebar',
  HC: 'hot rolled coil|hrc',
  WR: 'wire rod',
  I: 'iron ore',
  J: 'coke',
  JM: 'coking coal',
  ZC: 'thermal coal',
  SF: 'ferrosilicon',
  SM: 'silicomanganese',
  SI: 'industrial silicon|silicon',
  LC: 'lithium carbonate|lithium',
  SC: 'crude oil|crude|oil',
  FU: 'fuel oil',
  LU: 'low sulphur fuel oil',
  BU: 'bitumen|asphalt',
  PG: 'lpg|propane',
  RU: 'natural rubber|rubber',
  NR: 'tsr 20 rubber',
  BR: 'butadiene rubber',
  SP: 'wood pulp|pulp',
  TA: 'pta|purified terephthalic acid',
  PX: 'paraxylene',
  MA: 'methanol',
  EG: 'ethylene glycol|meg',
  EB: 'styrene',
  PP: 'polypropylene',
  L: 'polyethylene|lldpe',
  V: 'pvc|polyvinyl chloride',
  UR: 'urea',
  SA: 'soda ash',
  FG: 'glass',
  SH: 'caustic soda',
  A: 'soybean|soybeans',
  B: 'soybean no 2',
  M: 'soybean meal|soymeal',
  Y: 'soybean oil|soyoil',
  P: 'palm oil',
  OI: 'rapeseed oil',
  RM: 'rapeseed meal',
  C: 'corn|maize',
  CS: 'corn starch',
  CF: 'cotton',
  CY: 'cotton yarn',
  SR: 'sugar|white sugar',
  AP: 'apple futures',
  CJ: 'red dates|jujube',
  PK: 'peanuts',
  JD: 'eggs',
  LH: 'live hogs|hogs',
  EC: 'container freight index',
  IF: 'csi 300 futures',
  IH: 'sse 50 futures',
  IC: 'csi 500 futures',
  IM: 'csi 1000 futures',
  T: '10 year treasury futures',
  TF: '5 year treasury futures',
  TS: '2 year treasury futures',
  TL: '30 year treasury futures',
};

/** Stocks, spot metals and indices by symbol. */
const SYMBOL_ALIASES: Readonly<Record<string, string>> = {
  // A-shares the world knows by an English or brand name.
  '600519.SH': 'kweichow moutai|moutai',
  '000858.SZ': 'wuliangye',
  '000568.SZ': 'luzhou laojiao',
  '600809.SH': 'shanxi fenjiu|fenjiu',
  '601318.SH': 'ping an insurance|ping an',
  '000001.SZ': 'ping an bank',
  '600036.SH': 'china merchants bank|cmb',
  '601398.SH': 'icbc|industrial and commercial bank of china',
  '601288.SH': 'agricultural bank of china|abc',
  '601988.SH': 'bank of china|boc',
  '601939.SH': 'china construction bank|ccb',
  '601166.SH': 'industrial bank',
  '600000.SH': 'spd bank|shanghai pudong development bank',
  '600028.SH': 'sinopec',
  '601857.SH': 'petrochina',
  '601088.SH': 'china shenhua',
  '601628.SH': 'china life',
  '601601.SH': 'cpic|china pacific insurance',
  '601899.SH': 'zijin mining|zijin',
  '600900.SH': 'china yangtze power|yangtze power',
  '600030.SH': 'citic securities',
  '600276.SH': 'jiangsu hengrui|hengrui',
  '600309.SH': 'wanhua chemical|wanhua',
  '600690.SH': 'haier smart home|haier',
  '600887.SH': 'yili',
  '601012.SH': 'longi green energy|longi',
  '300750.SZ': 'catl|contemporary amperex',
  '002594.SZ': 'byd',
  '000333.SZ': 'midea',
  '000651.SZ': 'gree electric|gree',
  '002415.SZ': 'hikvision',
  '300059.SZ': 'east money|eastmoney',
  '000002.SZ': 'vanke',
  '000725.SZ': 'boe',
  '002475.SZ': 'luxshare',
  '300760.SZ': 'mindray',
  '603259.SH': 'wuxi apptec',
  '601888.SH': 'china tourism group duty free|ctg duty free',
  '002714.SZ': 'muyuan',
  '601138.SH': 'foxconn industrial internet|fii',
  '601668.SH': 'china state construction|cscec',
  '601766.SH': 'crrc',
  '600585.SH': 'anhui conch|conch cement',
  '600104.SH': 'saic motor|saic',
  '600031.SH': 'sany heavy industry|sany',
  '600941.SH': 'china mobile',
  '601728.SH': 'china telecom',
  '600050.SH': 'china unicom',
  '688981.SH': 'smic',
  '688012.SH': 'amec',
  '688041.SH': 'hygon',
  '688111.SH': 'kingsoft office',
  // HK stocks whose English short names are codes (NTES-S, CCB, CM BANK): the words for them, as
  // their A-share or US listings have, so a name finds every listing.
  '9999.HK': 'netease',
  '939.HK': 'china construction bank',
  '1398.HK': 'industrial and commercial bank of china',
  '1288.HK': 'agricultural bank of china',
  '3968.HK': 'china merchants bank|cmb',
  // Spot metals.
  // Spot metals, in Simplified and Traditional Chinese too (the API names them in English only).
  XAUUSD: 'gold|spot gold|黄金|现货黄金|黃金|現貨黃金',
  XAGUSD: 'silver|spot silver|白银|现货白银|白銀|現貨白銀',
  XPTUSD: 'platinum|铂金|鉑金',
  XPDUSD: 'palladium|钯金|鈀金',
  // Indices by the word traders use, in Simplified and Traditional Chinese too (the API names them in English).
  SPX: 'sp500|s&p|spx|标普500|標普500',
  NDX: 'nasdaq|nasdaq 100|纳斯达克100|納斯達克100',
  DJI: 'dow|dow jones|道琼斯|道瓊斯',
  RUT: 'russell|罗素2000|羅素2000',
  HSI: 'hang seng|hsi|恒生指数|恆生指數|恒指',
  HSCEI: '国企指数|國企指數',
  HSTECH: 'hang seng tech|恒生科技|恆生科技',
  SSEC: 'shanghai composite|上证指数|上證指數',
  SZSC: 'shenzhen component|深证成指|深證成指',
  CSI300: 'csi 300|hushen 300|沪深300|滬深300',
  N225: 'nikkei|日经225|日經225',
  FTSE: 'ftse|footsie|富时100|富時100',
  GDAXI: 'dax',
  FCHI: 'cac|cac 40',
};

/** The stocks, metals and indices that have aliases (each a real instrument the catalogue lists). */
export const ALIASED_SYMBOLS: readonly string[] = Object.keys(SYMBOL_ALIASES);

/** A futures contract's product letters: AU2612 → AU, I2701 → I; undefined for another shape. */
function futuresProduct(symbol: string): string | undefined {
  return /^([A-Z]{1,2})\d{3,4}$/.exec(symbol)?.[1];
}

/** The aliases of one instrument, `|`-separated ('' when it has none). */
export function aliasesOf(symbol: string, type: string): string {
  if (type === 'futures') {
    const product = futuresProduct(symbol);
    return product === undefined ? '' : (FUTURES_PRODUCTS[product] ?? '');
  }
  return SYMBOL_ALIASES[symbol] ?? '';
}
