/**
 * The generated A-share long tail: with the hand-written ones, about 5,000 stocks over the code
 * ranges the exchanges use (Shanghai main board 600/601/603/605, STAR 688, Shenzhen main board
 * 000/001/002/003, ChiNext 300/301, Beijing 83x/87x/920), with the boards of cn-stocks.ts.
 * Everything derives from a hash of the code (names also from those drawn before, in code order).
 * Names are Chinese only, as the hand-written A-shares are.
 */
import { dayBetween } from './dates.ts';
import { rngFor, type Rng } from './hash.ts';
import { HISTORY_START } from './instrument-builder.ts';
import { CN_STOCKS, perShareFigures, stockInstrument } from './stock-builder.ts';
import type { Instrument } from './types.ts';

/** Stocks in the A-share market, the hand-written ones included. */
export const CN_UNIVERSE_SIZE = 5_000;

type Board = 'sh_main' | 'star' | 'sz_main' | 'chinext' | 'bj';

interface CodeBand {
  prefix: string;
  /** Codes drawn from `${prefix}000` … `${prefix}999` (or the 6-digit range when prefix has 6 digits). */
  board: Board;
  exchange: 'SH' | 'SZ' | 'BJ';
  stocks: number;
  listedBefore2015: number;
  newFrom: string;
}

const BANDS: readonly CodeBand[] = [
  { prefix: '600', board: 'sh_main', exchange: 'SH', stocks: 780, listedBefore2015: 0.95, newFrom: '20150601' },
  { prefix: '601', board: 'sh_main', exchange: 'SH', stocks: 200, listedBefore2015: 0.6, newFrom: '20150601' },
  { prefix: '603', board: 'sh_main', exchange: 'SH', stocks: 650, listedBefore2015: 0.1, newFrom: '20150601' },
  { prefix: '605', board: 'sh_main', exchange: 'SH', stocks: 80, listedBefore2015: 0, newFrom: '20200601' },
  { prefix: '688', board: 'star', exchange: 'SH', stocks: 560, listedBefore2015: 0, newFrom: '20190722' },
  { prefix: '000', board: 'sz_main', exchange: 'SZ', stocks: 460, listedBefore2015: 0.95, newFrom: '20150601' },
  { prefix: '001', board: 'sz_main', exchange: 'SZ', stocks: 60, listedBefore2015: 0, newFrom: '20210201' },
  { prefix: '002', board: 'sz_main', exchange: 'SZ', stocks: 880, listedBefore2015: 0.8, newFrom: '20150601' },
  { prefix: '003', board: 'sz_main', exchange: 'SZ', stocks: 40, listedBefore2015: 0, newFrom: '20201101' },
  { prefix: '300', board: 'chinext', exchange: 'SZ', stocks: 780, listedBefore2015: 0.5, newFrom: '20150601' },
  { prefix: '301', board: 'chinext', exchange: 'SZ', stocks: 300, listedBefore2015: 0, newFrom: '20200824' },
  { prefix: '83', board: 'bj', exchange: 'BJ', stocks: 100, listedBefore2015: 0, newFrom: '20211115' },
  { prefix: '87', board: 'bj', exchange: 'BJ', stocks: 60, listedBefore2015: 0, newFrom: '20211115' },
  { prefix: '920', board: 'bj', exchange: 'BJ', stocks: 50, listedBefore2015: 0, newFrom: '20241001' },
];

const PLACES = [
  '浙江',
  '江苏',
  '广东',
  '深圳',
  '上海',
  '北京',
  '山东',
  '四川',
  '湖南',
  '湖北',
  '安徽',
  '福建',
  '河南',
  '河北',
  '江西',
  '辽宁',
  '吉林',
  '陕西',
  '重庆',
  '天津',
  '云南',
  '贵州',
  '广西',
  '新疆',
  '海南',
  '宁波',
  '厦门',
  '苏州',
  '杭州',
  '无锡',
  '青岛',
  '大连',
] as const;
const HEADS = [
  '华',
  '中',
  '金',
  '新',
  '恒',
  '宏',
  '天',
  '东',
  '海',
  '长',
  '永',
  '嘉',
  '瑞',
  '盛',
  '联',
  '安',
  '宝',
  '鸿',
  '丰',
  '荣',
  '兴',
  '昌',
  '威',
  '凯',
  '佳',
  '星',
  '博',
  '润',
  '信',
  '达',
  '科',
  '汇',
  '通',
  '远',
  '正',
  '同',
  '德',
  '光',
  '明',
  '泰',
  '云',
  '龙',
  '晶',
  '锦',
] as const;
const SECONDS = ['', '', '源', '邦', '创', '力', '方', '立', '诚', '峰', '阳', '川', '瑞', '能', '宇', '航', '微', '盈', '智', '特'] as const;
const SUFFIXES = [
  '科技',
  '股份',
  '电子',
  '医药',
  '新材',
  '智能',
  '能源',
  '化工',
  '机械',
  '环保',
  '电气',
  '生物',
  '光电',
  '精密',
  '通信',
  '软件',
  '药业',
  '食品',
  '传媒',
  '汽车',
  '装备',
  '材料',
  '信息',
  '电力',
  '矿业',
  '建设',
  '物流',
  '纺织',
  '家居',
  '农业',
] as const;

const MIN_CAP = 1e9;
const MAX_CAP = 5e11;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Codes of one band: a deterministic sample of the free codes, ascending. */
function bandCodes(band: CodeBand, taken: ReadonlySet<string>): string[] {
  const width = 6 - band.prefix.length;
  const free: string[] = [];
  let takenInBand = 0;
  for (let n = 1; n < 10 ** width; n++) {
    const code = `${band.prefix}${String(n).padStart(width, '0')}`;
    if (taken.has(code)) takenInBand++;
    else free.push(code);
  }
  const score = new Map(free.map((code) => [code, rngFor(`cn-code:${code}`).next()]));
  return free
    .sort((a, b) => (score.get(a) ?? 0) - (score.get(b) ?? 0))
    .slice(0, Math.max(0, band.stocks - takenInBand))
    .sort();
}

function nameOf(rng: Rng, taken: Set<string>): string {
  for (let attempt = 0; attempt < 60; attempt++) {
    const lead = rng.chance(0.25) ? rng.pick(PLACES) : `${rng.pick(HEADS)}${rng.pick(SECONDS)}`;
    const name = `${lead.length === 1 ? `${lead}${rng.pick(HEADS)}` : lead}${rng.pick(SUFFIXES)}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  throw new Error('name space exhausted');
}

function generatedStock(code: string, band: CodeBand, takenNames: Set<string>): Instrument {
  const rng = rngFor(`cn:${code}`);
  const symbol = `${code}.${band.exchange}`;
  const name = nameOf(rng, takenNames);
  const small = band.board === 'bj' ? 0.3 : band.board === 'star' || band.board === 'chinext' ? 0.8 : 1;
  const cap = clamp(Math.exp(Math.log(8e9 * small) + 1.1 * rng.gauss()), MIN_CAP * small, MAX_CAP);
  const price = clamp(Math.exp(Math.log(15) + 0.8 * rng.gauss()) * (cap / 8e9) ** 0.2, 1.5, 900);
  const total = Math.max(10_000_000, Math.round(cap / price / 10_000) * 10_000);
  const circulating = Math.round((total * (rng.chance(0.7) ? 1 : rng.range(0.3, 0.95))) / 10_000) * 10_000;
  const smallness = (Math.log(MAX_CAP) - Math.log(cap)) / (Math.log(MAX_CAP) - Math.log(MIN_CAP * small));
  const volatility = clamp(0.25 + 0.35 * smallness + (band.board === 'sh_main' || band.board === 'sz_main' ? 0 : 0.1) + rng.range(-0.05, 0.08), 0.18, 0.9);
  const eps = rng.chance(0.75) ? price / rng.logRange(10, 80) : -price * rng.range(0.01, 0.2);
  const bps = price / rng.logRange(0.8, 8);
  const listedSince = rng.chance(band.listedBefore2015) ? HISTORY_START : dayBetween(band.newFrom, '20251031', rng.next());
  return stockInstrument(CN_STOCKS, {
    symbol,
    name,
    price,
    volatility,
    lotSize: 100,
    dailyTurnover: rng.logRange(0.004, 0.04),
    listedSince,
    info: {
      name_cn: name,
      exchange: band.exchange,
      total_shares: total,
      circulating_shares: circulating,
      ...perShareFigures(symbol, eps, bps, null, false),
      board: band.board,
    },
  });
}

/**
 * The long tail, given the hand-written codes (six digits, left out) and names (never repeated;
 * the set is extended with the generated ones).
 */
export function cnUniverseInstruments(takenCodes: ReadonlySet<string>, takenNames: Set<string>): Instrument[] {
  return BANDS.flatMap((band) => bandCodes(band, takenCodes).map((code) => generatedStock(code, band, takenNames)));
}
