/**
 * Hand-written HK majors: real codes, names (HKEX short names in English), board lots and share
 * capital; prices and per-share figures are plausible levels for November 2026.
 */
import { perShareFigures, shares, stockInstrument, HK_STOCKS } from './stock-builder.ts';
import { toTraditional } from './traditional.ts';
import type { Instrument } from './types.ts';

type HkMajorRow = readonly [
  code: number,
  nameCn: string,
  nameEn: string,
  lotSize: number,
  price: number,
  sharesB: number,
  /** H shares (billions) of a mainland company whose other shares trade elsewhere; null: all shares are HK shares. */
  hSharesB: number | null,
  epsTtm: number,
  bps: number,
  dividendYield: number | null,
  volatility: number,
  listedSince?: string,
];

const ROWS: readonly HkMajorRow[] = [
  [1, '长和', 'CKH HOLDINGS', 500, 52, 3.83, null, 4.2, 130, 4.1, 0.25],
  [2, '中电控股', 'CLP HOLDINGS', 500, 66, 2.53, null, 4.3, 41, 4.7, 0.16],
  [3, '香港中华煤气', 'HK & CHINA GAS', 1000, 7, 18.7, null, 0.3, 3.4, 5.0, 0.2],
  [5, '汇丰控股', 'HSBC HOLDINGS', 400, 100, 17.6, null, 12.5, 85, 5.5, 0.22],
  [6, '电能实业', 'POWER ASSETS', 500, 50, 2.13, null, 2.9, 42, 5.6, 0.16],
  [11, '恒生银行', 'HANG SENG BANK', 100, 110, 1.91, null, 8.8, 73, 5.0, 0.22],
  [12, '恒基地产', 'HENDERSON LAND', 1000, 27, 4.84, null, 1.0, 65, 6.7, 0.28],
  [16, '新鸿基地产', 'SHK PPT', 500, 90, 2.9, null, 7.6, 240, 4.2, 0.25],
  [27, '银河娱乐', 'GALAXY ENT', 1000, 38, 4.37, null, 2.0, 17, 2.6, 0.38],
  [66, '港铁公司', 'MTR CORPORATION', 500, 28, 6.2, null, 1.3, 28, 4.6, 0.2],
  [175, '吉利汽车', 'GEELY AUTO', 1000, 18, 10.1, null, 1.6, 10.5, 1.5, 0.45],
  [241, '阿里健康', 'ALI HEALTH', 2000, 5, 16.1, null, 0.09, 1.4, null, 0.55],
  [267, '中信股份', 'CITIC', 1000, 10, 29.1, null, 2.0, 22, 6.0, 0.25],
  [288, '万洲国际', 'WH GROUP', 500, 7, 12.8, null, 0.8, 5.5, 6.5, 0.25],
  [386, '中国石油化工股份', 'SINOPEC CORP', 2000, 4.3, 121.1, 24.78, 0.4, 6.4, 7.5, 0.24],
  [388, '香港交易所', 'HKEX', 100, 400, 1.268, null, 10.5, 42, 2.4, 0.32],
  [700, '腾讯控股', 'TENCENT', 100, 500, 9.15, null, 24.5, 125, 0.9, 0.32],
  [823, '领展房产基金', 'LINK REIT', 100, 37, 2.58, null, -1.0, 60, 7.5, 0.22],
  [857, '中国石油股份', 'PETROCHINA', 2000, 7, 183.0, 21.1, 0.9, 8.2, 7.0, 0.26],
  [883, '中国海洋石油', 'CNOOC', 1000, 20, 47.5, null, 3.2, 17, 7.0, 0.28],
  [939, '建设银行', 'CCB', 1000, 7.5, 250.0, 240.42, 1.38, 12.3, 6.2, 0.2],
  [941, '中国移动', 'CHINA MOBILE', 500, 85, 21.5, null, 6.9, 61, 6.3, 0.18],
  [960, '龙湖集团', 'LONGFOR GROUP', 500, 10, 7.0, null, 0.2, 22, null, 0.6],
  [968, '信义光能', 'XINYI SOLAR', 2000, 3.5, 9.0, null, 0.15, 3.2, 3.0, 0.55],
  [981, '中芯国际', 'SMIC', 500, 60, 7.99, 5.95, 0.5, 22, null, 0.55],
  [992, '联想集团', 'LENOVO GROUP', 2000, 10, 12.4, null, 0.95, 3.6, 3.8, 0.38],
  [1024, '快手-W', 'KUAISHOU-W', 100, 65, 4.3, null, 3.6, 15, null, 0.5, '20210205'],
  [1038, '长江基建集团', 'CKI HOLDINGS', 500, 50, 2.52, null, 3.1, 48, 5.2, 0.18],
  [1088, '中国神华', 'CHINA SHENHUA', 500, 32, 19.87, 3.4, 3.0, 22, 7.8, 0.25],
  [1093, '石药集团', 'CSPC PHARMA', 2000, 8, 11.5, null, 0.4, 3.0, 3.0, 0.4],
  [1109, '华润置地', 'CHINA RES LAND', 500, 28, 7.13, null, 3.2, 37, 5.5, 0.35],
  [1113, '长实集团', 'CK ASSET', 500, 34, 3.5, null, 2.3, 100, 6.5, 0.25],
  [1177, '中国生物制药', 'SINO BIOPHARM', 1000, 6.5, 18.8, null, 0.18, 2.6, 2.0, 0.45],
  [1211, '比亚迪股份', 'BYD COMPANY', 500, 110, 9.12, 3.3, 4.5, 27, 1.3, 0.4],
  [1288, '农业银行', 'ABC', 1000, 5, 350.0, 30.74, 0.78, 7.5, 6.0, 0.18],
  [1299, '友邦保险', 'AIA', 200, 75, 10.6, null, 3.8, 32, 2.3, 0.28],
  [1398, '工商银行', 'ICBC', 1000, 6, 356.4, 86.79, 1.05, 10.3, 5.8, 0.2],
  [1810, '小米集团-W', 'XIAOMI-W', 200, 45, 25.9, null, 1.45, 7.8, null, 0.45, '20180709'],
  [1876, '百威亚太', 'BUD APAC', 100, 8.5, 13.24, null, 0.4, 5.1, 4.8, 0.3, '20190930'],
  [1928, '金沙中国有限公司', 'SANDS CHINA LTD', 400, 19, 8.1, null, 1.0, 0.8, 4.5, 0.4],
  [2015, '理想汽车-W', 'LI AUTO-W', 100, 95, 2.12, null, 3.8, 38, null, 0.6, '20210812'],
  [2020, '安踏体育', 'ANTA SPORTS', 200, 90, 2.8, null, 5.3, 25, 3.0, 0.35],
  [2269, '药明生物', 'WUXI BIO', 500, 28, 4.1, null, 0.9, 11, null, 0.55, '20170613'],
  [2318, '中国平安', 'PING AN', 500, 55, 18.21, 7.45, 7.2, 60, 4.9, 0.3],
  [2319, '蒙牛乳业', 'MENGNIU DAIRY', 1000, 16, 3.93, null, 0.3, 8.9, 3.5, 0.35],
  [2331, '李宁', 'LI NING', 500, 18, 2.58, null, 1.2, 11.5, 3.4, 0.45],
  // After the (simulated) 10-bonus-5 issue of July 2026, see corporate-actions.ts.
  [2382, '舜宇光学科技', 'SUNNY OPTICAL', 100, 47, 1.65, null, 2.0, 13.3, 1.2, 0.45],
  [2388, '中银香港', 'BOC HONG KONG', 500, 35, 10.57, null, 3.6, 27, 6.0, 0.2],
  [2628, '中国人寿', 'CHINA LIFE', 1000, 20, 28.26, 7.44, 3.0, 18, 4.0, 0.35],
  [2899, '紫金矿业', 'ZIJIN MINING', 2000, 25, 26.6, 6.0, 1.4, 6.5, 1.8, 0.38],
  [3690, '美团-W', 'MEITUAN-W', 100, 110, 6.1, null, 5.8, 26, null, 0.48, '20180920'],
  [3968, '招商银行', 'CM BANK', 500, 48, 25.22, 4.59, 6.3, 43, 5.2, 0.28],
  [3988, '中国银行', 'BANK OF CHINA', 1000, 4.4, 294.4, 83.62, 0.75, 7.8, 6.3, 0.18],
  [6618, '京东健康', 'JD HEALTH', 50, 50, 3.2, null, 1.3, 19, null, 0.5, '20201208'],
  [6690, '海尔智家', 'HAIER SMART HOME', 200, 26, 9.38, 2.9, 2.0, 12, 3.8, 0.3, '20201223'],
  [6862, '海底捞', 'HAIDILAO', 1000, 15, 5.57, null, 0.85, 2.8, 5.5, 0.42, '20180926'],
  [9618, '京东集团-SW', 'JD-SW', 50, 130, 3.15, null, 12.5, 80, 2.3, 0.42, '20200618'],
  [9633, '农夫山泉', 'NONGFU SPRING', 200, 45, 11.25, null, 1.1, 2.6, 2.2, 0.35, '20200908'],
  [9868, '小鹏汽车-W', 'XPENG-W', 100, 80, 1.9, null, -2.5, 18, null, 0.7, '20210707'],
  [9888, '百度集团-SW', 'BIDU-SW', 50, 95, 2.8, null, 7.0, 100, null, 0.45, '20210323'],
  [9961, '携程集团-S', 'TRIP.COM-S', 50, 520, 0.66, null, 25, 200, 0.6, 0.4, '20210419'],
  [9988, '阿里巴巴-W', 'BABA-W', 100, 140, 19.1, null, 7.5, 60, 1.3, 0.42, '20191126'],
  [9999, '网易-S', 'NTES-S', 100, 190, 3.2, null, 10.5, 55, 2.4, 0.35, '20200611'],
];

/** Market capitalisation (HKD) from which a major also has listed stock options. */
const OPTIONS_FROM_CAP = 100e9;

function hkMajor([code, nameCn, nameEn, lotSize, price, sharesB, hSharesB, epsTtm, bps, dividendYield, volatility, listedSince]: HkMajorRow): Instrument {
  const symbol = `${code}.HK`;
  const total = shares(sharesB);
  const hkShares = hSharesB === null ? total : shares(hSharesB);
  return stockInstrument(HK_STOCKS, {
    symbol,
    name: nameCn,
    price,
    volatility,
    lotSize,
    dailyTurnover: 0.001 + volatility * 0.006,
    listedSince,
    info: {
      name_cn: nameCn,
      name_en: nameEn,
      name_hk: toTraditional(nameCn),
      exchange: 'SEHK',
      total_shares: total,
      circulating_shares: hkShares,
      hk_shares: hkShares,
      ...perShareFigures(symbol, epsTtm, bps, dividendYield, true),
      stock_derivatives: price * total >= OPTIONS_FROM_CAP ? [1, 2] : [2],
    },
  });
}

export function hkMajorInstruments(): Instrument[] {
  return ROWS.map(hkMajor);
}

/** Codes of the majors, which the generated long tail must not reuse. */
export function hkMajorCodes(): ReadonlySet<number> {
  return new Set(ROWS.map(([code]) => code));
}
