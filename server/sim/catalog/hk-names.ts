/**
 * Plausible names for the generated HK long tail: a lead syllable, an optional second one and an
 * industry suffix, in Chinese and in the HKEX style of English short names (Cantonese
 * romanisation, abbreviated suffixes). Names are unique across the HK market.
 */
import type { Rng } from './hash.ts';

type Syllable = readonly [cn: string, en: string];

const LEADS: readonly Syllable[] = [
  ['华润', 'CHINA RES'],
  ['中国', 'CHINA'],
  ['新', 'SUN'],
  ['恒', 'HANG'],
  ['金', 'KAM'],
  ['海', 'HOI'],
  ['龙', 'LOONG'],
  ['德', 'TAK'],
  ['信', 'SHUN'],
  ['泰', 'TAI'],
  ['东方', 'ORIENT'],
  ['南方', 'SOUTHERN'],
  ['天', 'TIN'],
  ['宏', 'WANG'],
  ['永', 'WING'],
  ['嘉', 'KA'],
  ['富', 'FU'],
  ['万', 'MAN'],
  ['大', 'DAI'],
  ['远东', 'FAR EAST'],
  ['银', 'NGAN'],
  ['百', 'PAK'],
  ['瑞', 'SHUI'],
  ['盛', 'SHING'],
  ['联', 'LUEN'],
  ['安', 'ON'],
  ['宝', 'PO'],
  ['长', 'CHEUNG'],
  ['汇', 'WUI'],
  ['港', 'KONG'],
  ['鸿', 'HUNG'],
  ['丰', 'FUNG'],
  ['荣', 'YUNG'],
  ['利', 'LEE'],
  ['达', 'TAT'],
  ['华', 'WAH'],
  ['兴', 'HING'],
  ['昌', 'CHEONG'],
  ['威', 'WAI'],
  ['凯', 'HOI'],
  ['佳', 'KAI'],
  ['耀', 'YIU'],
  ['骏', 'CHUN'],
  ['裕', 'YU'],
  ['星', 'STAR'],
  ['亚洲', 'ASIA'],
  ['环球', 'GLOBAL'],
  ['太平洋', 'PACIFIC'],
  ['粤', 'YUE'],
  ['京', 'KING'],
  ['沪', 'SH'],
  ['湾区', 'BAY AREA'],
];

const SECONDS: readonly Syllable[] = [
  ['达', 'TAT'],
  ['丰', 'FUNG'],
  ['盛', 'SHING'],
  ['信', 'SHUN'],
  ['华', 'WAH'],
  ['泰', 'TAI'],
  ['利', 'LEE'],
  ['源', 'YUEN'],
  ['嘉', 'KA'],
  ['宝', 'PO'],
  ['安', 'ON'],
  ['昌', 'CHEONG'],
  ['荣', 'YUNG'],
  ['祥', 'CHEUNG'],
  ['通', 'TUNG'],
  ['海', 'HOI'],
  ['辉', 'FAI'],
  ['峰', 'FUNG'],
  ['瑞', 'SHUI'],
  ['和', 'WO'],
  ['创', 'CHONG'],
  ['新', 'SUN'],
  ['远', 'YUEN'],
  ['业', 'YIP'],
  ['鑫', 'YAM'],
];

const SUFFIXES: readonly Syllable[] = [
  ['控股', 'HOLDINGS'],
  ['集团', 'GROUP'],
  ['实业', 'IND'],
  ['科技', 'TECH'],
  ['地产', 'PPT'],
  ['能源', 'ENERGY'],
  ['医药', 'PHARMA'],
  ['国际', 'INTL'],
  ['发展', 'DEV'],
  ['资源', 'RES'],
  ['电子', 'ELEC'],
  ['物流', 'LOGISTICS'],
  ['生物', 'BIO'],
  ['教育', 'EDU'],
  ['金融', 'FIN'],
  ['建设', 'CONS'],
  ['置业', 'LAND'],
  ['投资', 'INV'],
  ['环保', 'ENV'],
  ['传媒', 'MEDIA'],
  ['汽车', 'AUTO'],
  ['食品', 'FOOD'],
  ['服饰', 'APPAREL'],
  ['矿业', 'MINING'],
  ['航运', 'SHIPPING'],
  ['酒店', 'HOTELS'],
  ['健康', 'HEALTH'],
  ['智能', 'SMART'],
  ['材料', 'MATERIALS'],
  ['新能源', 'NEW ENERGY'],
  ['农业', 'AGRI'],
  ['水务', 'WATER'],
  ['燃气', 'GAS'],
  ['电力', 'POWER'],
  ['证券', 'SEC'],
  ['保险', 'INS'],
  ['物业', 'PROP SER'],
  ['半导体', 'SEMI'],
  ['机械', 'MACHINERY'],
  ['纸业', 'PAPER'],
];

/** Suffixes of biotech issuers listed under Chapter 18A, marked "-B". */
const BIOTECH_SUFFIXES: readonly Syllable[] = [
  ['生物', 'BIO'],
  ['医药', 'PHARMA'],
  ['生物科技', 'BIOTECH'],
];

export interface GeneratedName {
  cn: string;
  en: string;
}

/**
 * Draws names from `rng`, skipping those in `taken` (which it extends). `biotech` names end in
 * a life-science suffix and the "-B" marker.
 */
export function drawName(rng: Rng, taken: Set<string>, biotech: boolean): GeneratedName {
  for (let attempt = 0; attempt < 50; attempt++) {
    const lead = rng.pick(LEADS);
    const second = rng.chance(0.75) ? rng.pick(SECONDS) : undefined;
    const suffix = rng.pick(biotech ? BIOTECH_SUFFIXES : SUFFIXES);
    if (second && lead[0].endsWith(second[0])) continue;
    const marker = biotech ? '-B' : '';
    const cn = `${lead[0]}${second?.[0] ?? ''}${suffix[0]}${marker}`;
    if (taken.has(cn)) continue;
    taken.add(cn);
    const en = [lead[1], second?.[1], suffix[1]].filter((part) => part !== undefined).join(' ');
    return { cn, en: `${en}${marker}` };
  }
  throw new Error('name space exhausted');
}
