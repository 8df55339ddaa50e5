/**
 * US large caps (no dotted tickers): real names, listing venues and share counts; prices and
 * per-share figures are plausible levels for November 2026, after the splits of
 * corporate-actions.ts.
 */
import { rngFor } from './hash.ts';
import { perShareFigures, shares, stockInstrument, US_STOCKS } from './stock-builder.ts';
import { toTraditional } from './traditional.ts';
import type { Instrument } from './types.ts';

type UsRow = readonly [
  ticker: string,
  exchange: 'NASD' | 'NYSE',
  nameEn: string,
  nameCn: string,
  price: number,
  sharesB: number,
  epsTtm: number,
  bps: number,
  dividendYield: number | null,
  volatility: number,
  listedSince?: string,
];

const ROWS: readonly UsRow[] = [
  ['AAPL', 'NASD', 'Apple', '苹果', 230, 14.84, 6.6, 4.4, 0.45, 0.28],
  ['ABBV', 'NYSE', 'AbbVie', '艾伯维', 190, 1.77, 2.4, 1.9, 3.4, 0.22],
  ['ABNB', 'NASD', 'Airbnb', '爱彼迎', 130, 0.62, 4.1, 12, null, 0.4, '20201210'],
  ['ADBE', 'NASD', 'Adobe', '奥多比', 380, 0.43, 13.3, 34, null, 0.32],
  ['AMAT', 'NASD', 'Applied Materials', '应用材料', 180, 0.82, 8.6, 23, 0.9, 0.38],
  ['AMD', 'NASD', 'AMD', '超威半导体', 160, 1.62, 1.4, 35, null, 0.5],
  ['AMZN', 'NASD', 'Amazon', '亚马逊', 200, 10.5, 5.5, 27, null, 0.32],
  ['ARM', 'NASD', 'Arm Holdings', '安谋', 140, 1.06, 0.7, 6, null, 0.6, '20230914'],
  ['AVGO', 'NASD', 'Broadcom', '博通', 170, 4.7, 2.0, 14, 1.3, 0.42],
  ['BA', 'NYSE', 'Boeing', '波音', 170, 0.76, -18, -5, null, 0.38],
  ['BABA', 'NYSE', 'Alibaba', '阿里巴巴', 140, 2.3, 5.5, 72, 1.4, 0.42],
  ['BAC', 'NYSE', 'Bank of America', '美国银行', 42, 7.6, 3.2, 35, 2.5, 0.27],
  ['BIDU', 'NASD', 'Baidu', '百度', 97, 0.35, 7.2, 103, null, 0.45],
  ['BKNG', 'NASD', 'Booking Holdings', '缤客', 4800, 0.033, 160, -130, 0.7, 0.28],
  ['C', 'NYSE', 'Citigroup', '花旗', 70, 1.89, 5.9, 99, 3.2, 0.3],
  ['CAT', 'NYSE', 'Caterpillar', '卡特彼勒', 380, 0.48, 22, 40, 1.5, 0.28],
  ['CMCSA', 'NASD', 'Comcast', '康卡斯特', 40, 3.8, 4.0, 22, 3.1, 0.25],
  ['COIN', 'NASD', 'Coinbase', 'Coinbase', 250, 0.25, 8, 40, null, 0.75, '20210414'],
  // After the (simulated) 4-for-1 split of September 2026, see corporate-actions.ts.
  ['COST', 'NASD', 'Costco', '好市多', 240, 1.772, 4.3, 13.8, 0.5, 0.22],
  ['CRM', 'NYSE', 'Salesforce', '赛富时', 260, 0.96, 6.4, 63, 0.6, 0.32],
  ['CSCO', 'NASD', 'Cisco', '思科', 60, 3.98, 2.6, 11.5, 2.7, 0.2],
  ['CVX', 'NYSE', 'Chevron', '雪佛龙', 155, 1.75, 9.7, 88, 4.2, 0.24],
  ['DIS', 'NYSE', 'Walt Disney', '迪士尼', 110, 1.81, 2.7, 55, 0.8, 0.27],
  ['GOOGL', 'NASD', 'Alphabet-A', '谷歌-A', 170, 5.8, 8.0, 26, 0.47, 0.3],
  ['GS', 'NYSE', 'Goldman Sachs', '高盛', 580, 0.31, 40, 345, 2.0, 0.28],
  ['HD', 'NYSE', 'Home Depot', '家得宝', 380, 0.99, 14.9, 6, 2.4, 0.24],
  ['HON', 'NASD', 'Honeywell', '霍尼韦尔', 210, 0.65, 8.7, 28, 2.1, 0.2],
  ['IBM', 'NYSE', 'IBM', 'IBM', 230, 0.93, 6.5, 27, 2.9, 0.23],
  ['INTC', 'NASD', 'Intel', '英特尔', 30, 4.37, -4.4, 23, null, 0.45],
  ['JD', 'NASD', 'JD.com', '京东', 33, 1.58, 3.2, 20.5, 2.3, 0.42],
  ['JNJ', 'NYSE', 'Johnson & Johnson', '强生', 155, 2.4, 6.0, 29, 3.2, 0.17],
  ['JPM', 'NYSE', 'JPMorgan Chase', '摩根大通', 220, 2.8, 18.5, 115, 2.2, 0.24],
  ['KO', 'NYSE', 'Coca-Cola', '可口可乐', 68, 4.3, 2.5, 6.3, 3.0, 0.15],
  ['LI', 'NASD', 'Li Auto', '理想汽车', 24, 1.06, 0.98, 9.8, null, 0.6, '20200730'],
  ['LIN', 'NASD', 'Linde', '林德', 460, 0.476, 13.6, 83, 1.2, 0.18],
  ['LLY', 'NYSE', 'Eli Lilly', '礼来', 800, 0.9, 12, 16, 0.7, 0.32],
  ['MA', 'NYSE', 'Mastercard', '万事达', 500, 0.92, 13.9, 8, 0.55, 0.22],
  ['MCD', 'NYSE', "McDonald's", '麦当劳', 295, 0.715, 11.4, -4.6, 2.4, 0.17],
  ['META', 'NASD', 'Meta Platforms', 'Meta Platforms', 560, 2.52, 22.6, 72, 0.36, 0.38],
  ['MRK', 'NYSE', 'Merck', '默沙东', 95, 2.53, 6.9, 18, 3.3, 0.22],
  ['MS', 'NYSE', 'Morgan Stanley', '摩根士丹利', 130, 1.61, 7.4, 57, 2.8, 0.27],
  ['MSFT', 'NASD', 'Microsoft', '微软', 420, 7.43, 12.4, 38.7, 0.75, 0.25],
  ['MU', 'NASD', 'Micron Technology', '美光科技', 100, 1.12, 1.3, 41, 0.45, 0.45],
  ['NFLX', 'NASD', 'Netflix', '奈飞', 110, 4.27, 2.5, 5.5, null, 0.35],
  ['NIO', 'NYSE', 'NIO', '蔚来', 6, 2.1, -1.5, 0.5, null, 0.8, '20180912'],
  ['NKE', 'NYSE', 'Nike', '耐克', 75, 1.48, 2.2, 9.5, 2.1, 0.33],
  ['NTES', 'NASD', 'NetEase', '网易', 122, 0.64, 6.7, 35, 2.4, 0.35],
  ['NVDA', 'NASD', 'NVIDIA', '英伟达', 140, 24.4, 2.9, 1.8, 0.03, 0.5],
  ['ORCL', 'NYSE', 'Oracle', '甲骨文', 180, 2.8, 4.3, 5, 1.0, 0.4],
  ['PDD', 'NASD', 'PDD Holdings', '拼多多', 115, 1.39, 10.5, 45, null, 0.5, '20180726'],
  ['PEP', 'NASD', 'PepsiCo', '百事', 150, 1.37, 6.9, 13, 3.6, 0.16],
  ['PFE', 'NYSE', 'Pfizer', '辉瑞', 26, 5.67, 1.4, 15.5, 6.6, 0.22],
  ['PG', 'NYSE', 'Procter & Gamble', '宝洁', 165, 2.35, 6.6, 21, 2.4, 0.16],
  ['PLTR', 'NASD', 'Palantir', 'Palantir', 150, 2.36, 0.3, 2.2, null, 0.7, '20200930'],
  ['PYPL', 'NASD', 'PayPal', 'PayPal', 75, 1.0, 4.0, 20, null, 0.35],
  ['QCOM', 'NASD', 'Qualcomm', '高通', 165, 1.1, 9.0, 25, 2.1, 0.33],
  ['SBUX', 'NASD', 'Starbucks', '星巴克', 95, 1.13, 2.7, -7, 2.5, 0.28],
  ['SNOW', 'NYSE', 'Snowflake', 'Snowflake', 180, 0.335, -3.5, 9, null, 0.55, '20200916'],
  ['T', 'NYSE', 'AT&T', '美国电话电报', 22, 7.17, 1.5, 14, 5.0, 0.2],
  ['TSLA', 'NASD', 'Tesla', '特斯拉', 250, 3.2, 2.4, 21.8, null, 0.55],
  ['TXN', 'NASD', 'Texas Instruments', '德州仪器', 190, 0.91, 5.2, 18, 2.8, 0.27],
  ['UBER', 'NYSE', 'Uber', '优步', 75, 2.1, 4.6, 9.8, null, 0.4, '20190510'],
  ['UNH', 'NYSE', 'UnitedHealth', '联合健康', 300, 0.905, 16, 106, 2.8, 0.35],
  ['V', 'NYSE', 'Visa', 'Visa', 280, 1.95, 9.9, 20, 0.8, 0.2],
  ['VZ', 'NYSE', 'Verizon', '威瑞森', 42, 4.21, 4.2, 23, 6.4, 0.18],
  ['WFC', 'NYSE', 'Wells Fargo', '富国银行', 75, 3.3, 5.4, 49, 2.1, 0.27],
  // Walmart moved its listing from the NYSE to Nasdaq in December 2025.
  ['WMT', 'NASD', 'Walmart', '沃尔玛', 95, 8.0, 2.5, 11, 1.0, 0.2],
  ['XOM', 'NYSE', 'Exxon Mobil', '埃克森美孚', 115, 4.3, 8.1, 61, 3.4, 0.25],
  ['XPEV', 'NYSE', 'XPeng', '小鹏汽车', 20, 0.95, -0.64, 4.6, null, 0.7, '20200827'],
];

function usStock([ticker, exchange, nameEn, nameCn, price, sharesB, epsTtm, bps, dividendYield, volatility, listedSince]: UsRow): Instrument {
  const symbol = `${ticker}.US`;
  const total = shares(sharesB);
  return stockInstrument(US_STOCKS, {
    symbol,
    name: nameEn,
    price,
    volatility,
    lotSize: 1,
    dailyTurnover: 0.002 + volatility * 0.01,
    listedSince,
    info: {
      name_cn: nameCn,
      name_en: nameEn,
      name_hk: toTraditional(nameCn),
      exchange,
      total_shares: total,
      circulating_shares: Math.round(total * rngFor(`float:${symbol}`).range(0.97, 0.9995)),
      ...perShareFigures(symbol, epsTtm, bps, dividendYield, true),
      stock_derivatives: [1],
    },
  });
}

export function usStockInstruments(): Instrument[] {
  return ROWS.map(usStock);
}
