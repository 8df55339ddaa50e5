/**
 * A-shares on the Shanghai (SH), Shenzhen (SZ) and Beijing (BJ) exchanges: real codes and names,
 * share capital and H-share capital of A+H companies; prices and per-share figures are plausible
 * levels for November 2026, after the events of corporate-actions.ts.
 *
 * `board` values: the contract shows no code values for this field, so the simulator uses
 * descriptive ones: sh_main (SSE main board), star (STAR Market), sz_main (SZSE main board),
 * chinext (ChiNext), bj (Beijing Stock Exchange).
 */
import { CN_STOCKS, perShareFigures, shares, stockInstrument } from './stock-builder.ts';
import type { Instrument } from './types.ts';

type Board = 'sh_main' | 'star' | 'sz_main' | 'chinext' | 'bj';

const EXCHANGE_OF_BOARD: Record<Board, 'SH' | 'SZ' | 'BJ'> = {
  sh_main: 'SH',
  star: 'SH',
  sz_main: 'SZ',
  chinext: 'SZ',
  bj: 'BJ',
};

type CnRow = readonly [
  code: string,
  board: Board,
  name: string,
  price: number,
  totalSharesB: number,
  circulatingSharesB: number,
  /** H-share capital (billions) of A+H companies. */
  hSharesB: number | null,
  eps: number,
  bps: number,
  volatility: number,
  listedSince?: string,
];

const ROWS: readonly CnRow[] = [
  ['600000', 'sh_main', '浦发银行', 12, 33.31, 33.31, null, 1.3, 22.5, 0.2],
  ['600028', 'sh_main', '中国石化', 5.8, 121.1, 95.6, 24.78, 0.42, 6.4, 0.2],
  ['600030', 'sh_main', '中信证券', 28, 14.82, 12.2, 2.62, 1.45, 19.5, 0.3],
  ['600031', 'sh_main', '三一重工', 20, 8.48, 8.47, null, 0.85, 8, 0.3],
  ['600036', 'sh_main', '招商银行', 42, 25.22, 20.63, 4.59, 5.7, 38.9, 0.22],
  ['600050', 'sh_main', '中国联通', 5.2, 31.8, 31.0, null, 0.27, 5.2, 0.2],
  ['600104', 'sh_main', '上汽集团', 16, 11.58, 11.58, null, 0.3, 24, 0.22],
  ['600276', 'sh_main', '恒瑞医药', 60, 6.64, 6.38, 0.225, 1.0, 7.0, 0.35],
  ['600309', 'sh_main', '万华化学', 65, 3.14, 3.14, null, 4.2, 32, 0.3],
  ['600519', 'sh_main', '贵州茅台', 1500, 1.256, 1.256, null, 68.6, 205, 0.25],
  ['600585', 'sh_main', '海螺水泥', 24, 5.3, 4.0, 1.3, 1.5, 36, 0.22],
  ['600690', 'sh_main', '海尔智家', 26, 9.38, 6.26, 2.9, 2.0, 12, 0.28],
  ['600809', 'sh_main', '山西汾酒', 190, 1.22, 1.22, null, 10.5, 30, 0.3],
  ['600887', 'sh_main', '伊利股份', 28, 6.37, 6.29, null, 1.34, 8.4, 0.22],
  ['600900', 'sh_main', '长江电力', 28, 24.47, 24.47, null, 1.35, 8.9, 0.16],
  ['600941', 'sh_main', '中国移动', 105, 21.5, 0.96, 20.5, 6.6, 61, 0.15, '20220105'],
  ['601012', 'sh_main', '隆基绿能', 18, 7.58, 7.58, null, -1.1, 7.7, 0.45],
  ['601088', 'sh_main', '中国神华', 38, 19.87, 16.49, 3.39, 2.9, 21.5, 0.22],
  ['601138', 'sh_main', '工业富联', 28, 19.86, 19.8, null, 1.2, 7.5, 0.4, '20180608'],
  ['601166', 'sh_main', '兴业银行', 21, 20.77, 20.77, null, 3.7, 36, 0.2],
  ['601288', 'sh_main', '农业银行', 6.2, 350.0, 319.2, 30.74, 0.77, 7.3, 0.18],
  ['601318', 'sh_main', '中国平安', 55, 18.21, 10.76, 7.45, 7.0, 52, 0.28],
  ['601398', 'sh_main', '工商银行', 7.2, 356.4, 269.6, 86.79, 1.0, 9.8, 0.16],
  ['601601', 'sh_main', '中国太保', 35, 9.62, 6.85, 2.77, 4.5, 30, 0.25],
  ['601628', 'sh_main', '中国人寿', 40, 28.26, 20.82, 7.44, 3.8, 17.8, 0.3],
  ['601668', 'sh_main', '中国建筑', 5.5, 41.9, 41.9, null, 1.1, 9.5, 0.18],
  ['601728', 'sh_main', '中国电信', 6.5, 91.51, 77.63, 13.88, 0.37, 3.5, 0.2, '20210820'],
  ['601766', 'sh_main', '中国中车', 7.2, 28.7, 24.46, 4.24, 0.45, 5.6, 0.22],
  ['601857', 'sh_main', '中国石油', 8.6, 183.0, 161.9, 21.1, 0.88, 7.9, 0.22],
  ['601888', 'sh_main', '中国中免', 65, 2.07, 1.95, 0.12, 2.2, 26, 0.35],
  ['601899', 'sh_main', '紫金矿业', 20, 26.58, 20.5, 6.03, 1.2, 5.9, 0.35],
  ['601939', 'sh_main', '建设银行', 9.0, 250.01, 9.59, 240.42, 1.3, 12, 0.16],
  ['601988', 'sh_main', '中国银行', 5.6, 294.4, 210.8, 83.62, 0.73, 7.5, 0.16],
  ['603259', 'sh_main', '药明康德', 60, 2.89, 2.49, 0.4, 3.3, 27, 0.4],
  ['688012', 'star', '中微公司', 220, 0.626, 0.626, null, 2.6, 30, 0.5, '20190722'],
  ['688041', 'star', '海光信息', 200, 2.32, 2.32, null, 1.1, 7.5, 0.55, '20220812'],
  ['688111', 'star', '金山办公', 300, 0.462, 0.462, null, 3.6, 26, 0.45, '20191118'],
  ['688256', 'star', '寒武纪', 1200, 0.418, 0.35, null, 2.8, 14, 0.7, '20200720'],
  ['688981', 'star', '中芯国际', 90, 7.99, 1.99, 5.95, 0.5, 19.5, 0.5, '20200716'],
  ['000001', 'sz_main', '平安银行', 11.5, 19.41, 19.41, null, 2.3, 22.5, 0.22],
  ['000002', 'sz_main', '万科A', 7, 11.93, 9.72, 2.21, -4.2, 17, 0.45],
  ['000333', 'sz_main', '美的集团', 75, 7.68, 6.92, 0.6, 5.4, 31, 0.28],
  ['000651', 'sz_main', '格力电器', 40, 5.59, 5.5, null, 5.8, 22, 0.28],
  ['000725', 'sz_main', '京东方A', 4.2, 37.6, 36.9, null, 0.15, 3.4, 0.3],
  ['000568', 'sz_main', '泸州老窖', 130, 1.472, 1.464, null, 9.0, 30, 0.3],
  ['000858', 'sz_main', '五粮液', 125, 3.88, 3.88, null, 8.2, 38, 0.3],
  ['002415', 'sz_main', '海康威视', 30, 9.23, 9.1, null, 1.3, 8.3, 0.3],
  ['002475', 'sz_main', '立讯精密', 55, 7.26, 7.2, null, 1.9, 9.5, 0.4],
  ['002594', 'sz_main', '比亚迪', 110, 9.12, 3.5, 3.3, 4.5, 27, 0.4],
  ['002714', 'sz_main', '牧原股份', 42, 5.46, 3.8, null, 3.3, 12.5, 0.32],
  ['300059', 'chinext', '东方财富', 26, 15.8, 13.4, null, 0.65, 5.2, 0.45],
  ['300124', 'chinext', '汇川技术', 70, 2.69, 2.3, null, 1.7, 12, 0.38],
  // After the (simulated) 10送4 bonus issue of June 2026, see corporate-actions.ts.
  ['300274', 'chinext', '阳光电源', 115, 2.9, 2.1, null, 4.1, 15.7, 0.5],
  ['300750', 'chinext', '宁德时代', 380, 4.56, 3.9, 0.156, 12.5, 57, 0.4, '20180611'],
  ['300760', 'chinext', '迈瑞医疗', 230, 1.21, 1.21, null, 9.6, 45, 0.3, '20181016'],
  ['430047', 'bj', '诺思兰德', 16, 0.275, 0.2, null, -0.2, 2.4, 0.6, '20211115'],
  ['832982', 'bj', '锦波生物', 280, 0.115, 0.06, null, 7.0, 21, 0.6, '20230720'],
  ['920002', 'bj', '万达轴承', 60, 0.075, 0.03, null, 1.3, 10, 0.65, '20241119'],
];

function cnStock([code, board, name, price, totalB, circulatingB, hSharesB, eps, bps, volatility, listedSince]: CnRow): Instrument {
  const exchange = EXCHANGE_OF_BOARD[board];
  const symbol = `${code}.${exchange}`;
  return stockInstrument(CN_STOCKS, {
    symbol,
    name,
    price,
    volatility,
    lotSize: 100,
    dailyTurnover: 0.002 + volatility * 0.012,
    listedSince,
    info: {
      name_cn: name,
      exchange,
      total_shares: shares(totalB),
      circulating_shares: shares(circulatingB),
      hk_shares: hSharesB === null ? undefined : shares(hSharesB),
      ...perShareFigures(symbol, eps, bps, null, false),
      board,
    },
  });
}

export function cnStockInstruments(): Instrument[] {
  return ROWS.map(cnStock);
}
