/**
 * Simplified → traditional Chinese for the `name_hk` of HK and US stocks: a character table
 * covering the characters the catalog's names use (not a general converter), plus the phrases HK
 * writes differently from a character-by-character conversion (滙豐, 製藥).
 */

const PHRASES: readonly (readonly [string, string])[] = [
  ['汇丰', '滙豐'],
  ['制药', '製藥'],
  ['制造', '製造'],
];

// "simplified traditional" pairs, only characters that differ.
const CHARACTERS = `
  万萬 业業 东東 丰豐 义義 乐樂 亚亞 产產 仪儀 优優 伟偉 传傳 体體 兴興 农農 凯凱
  创創 务務 动動 劳勞 区區 医醫 华華 发發 团團 国國 奥奧 娱娛 学學 宁寧 宝寶 实實
  导導 寿壽 尔爾 币幣 应應 强強 当當 报報 捞撈 携攜 时時 机機 来來 气氣 汇匯 沪滬
  洁潔 润潤 湾灣 爱愛 玛瑪 环環 电電 矿礦 礼禮 粤粵 纸紙 维維 缤繽 网網 联聯 腾騰
  苹蘋 荣榮 药藥 讯訊 设設 证證 话話 谋謀 贝貝 资資 赛賽 车車 软軟 辉輝 达達 运運
  远遠 逊遜 铁鐵 银銀 长長 际際 险險 韦韋 领領 飞飛 饰飾 马馬 骏駿 鸿鴻 鹏鵬 麦麥
  龙龍
`;

const CHARACTER_MAP: ReadonlyMap<string, string> = new Map(
  CHARACTERS.trim()
    .split(/\s+/)
    .map((pair) => [pair.charAt(0), pair.charAt(1)] as const),
);

export function toTraditional(simplified: string): string {
  let text = simplified;
  for (const [from, to] of PHRASES) text = text.split(from).join(to);
  return Array.from(text, (char) => CHARACTER_MAP.get(char) ?? char).join('');
}
