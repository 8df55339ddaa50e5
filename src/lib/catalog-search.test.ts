import { describe, expect, it } from 'vitest';
import { CATALOG_VERSION, type CatalogEntry } from '#shared/catalog.ts';
import { bySymbol, createCatalogSearch, ENTRIES_PER_SLICE, MATCH_RANK, prepareCatalogSearch, type SearchOptions } from './catalog-search';
import { simulatorCatalogIndex } from './catalog-index.test-support';

const ENTRIES: CatalogEntry[] = [
  ['BTCUSD', 'crypto', 'GLOBAL', 'Bitcoin / US Dollar', '', '', '', '', '', 0],
  ['BTCUSDT', 'crypto', 'GLOBAL', 'Bitcoin / Tether', '', '', '', '', '', 0],
  ['ETHUSDT', 'crypto', 'GLOBAL', 'Ethereum / Tether', '', '', '', '', '', 0],
  ['SOLUSDT', 'crypto', 'GLOBAL', 'Solana / Tether', '', '', '', '', '', 0],
  ['BTCUSD', 'forex', 'GLOBAL', 'Bitcoin / US Dollar CFD', '', '', '', '', '', 0],
  ['HSI', 'indices', 'GLOBAL', 'Hang Seng Index', '', '', '', '', '', 0],
  ['HSTECH', 'indices', 'GLOBAL', 'Hang Seng TECH Index', '', '', '', '', '', 0],
  ['NVDA.US', 'stock', 'US', 'NVIDIA', '', '英伟达', '英偉達', 'ying wei da', '', 0],
  ['AAPL.US', 'stock', 'US', 'Apple', '', '苹果', '蘋果', 'ping guo', '', 0],
  ['5.HK', 'stock', 'HK', '汇丰控股', 'HSBC HOLDINGS', '', '滙豐控股', 'hui feng kong gu', '', 0],
  ['700.HK', 'stock', 'HK', '腾讯控股', 'TENCENT', '', '騰訊控股', 'teng xun kong gu', '', 0],
  ['1700.HK', 'stock', 'HK', '华地国际', 'HUADI INTL', '', '華地國際', 'hua di guo ji', '', 0],
  ['7000.HK', 'stock', 'HK', '其他公司', 'OTHER CO', '', '', 'qi ta gong si', '', 0],
  ['1.HK', 'stock', 'HK', '长和', 'CKH HOLDINGS', '', '長和', 'chang he', '', 0],
  ['000001.SZ', 'stock', 'CN', '平安银行', '', '', '', 'ping an yin hang', '', 0],
  ['600519.SH', 'stock', 'CN', '贵州茅台', '', '', '', 'gui zhou mao tai', '', 0],
  ['601988.SH', 'stock', 'CN', '中国银行', '', '', '', 'zhong guo yin hang', '', 0],
  ['AU2612', 'futures', 'CN', '沪金2612', '', '', '', 'hu jin 2612', '', 0],
  ['AU2702', 'futures', 'CN', '沪金2702', '', '', '', 'hu jin 2702', '', 0],
];

const catalog = createCatalogSearch({ version: CATALOG_VERSION, lastUpdated: 'v', entries: ENTRIES });

function symbols(query: string, options?: SearchOptions): string[] {
  return catalog.search(query, options).matches.map(({ item }) => item.symbol);
}

function first(query: string) {
  return catalog.search(query).matches[0];
}

describe('createCatalogSearch: spellings of a symbol', () => {
  it('finds a stock by its ticker or code alone, in any case', () => {
    for (const query of ['nvda', 'NVDA', ' NVDA.US ', 'nvda.us']) expect(first(query)).toMatchObject({ item: { symbol: 'NVDA.US' }, rank: MATCH_RANK.symbol });
  });

  it('reads HK codes with or without leading zeros and suffix', () => {
    for (const query of ['700', '00700', '0700', '0700.HK', '700.hk', '00700.HK'])
      expect(first(query)).toMatchObject({ item: { symbol: '700.HK' }, rank: MATCH_RANK.symbol });
  });

  it('keeps the leading zeros of A-share codes: 000001 is Ping An Bank, not HK 1', () => {
    expect(first('000001')).toMatchObject({ item: { symbol: '000001.SZ' }, rank: MATCH_RANK.symbol });
    expect(first('600519')).toMatchObject({ item: { symbol: '600519.SH' }, rank: MATCH_RANK.symbol });
    expect(first('1')).toMatchObject({ item: { symbol: '1.HK' }, rank: MATCH_RANK.symbol });
  });

  it('finds futures and bare codes case-insensitively', () => {
    expect(first('au2612')).toMatchObject({ item: { symbol: 'AU2612' }, rank: MATCH_RANK.symbol });
    expect(first('hsi')).toMatchObject({ item: { symbol: 'HSI' }, rank: MATCH_RANK.symbol });
  });

  it('does not take a code typed with another exchange’s suffix', () => {
    expect(symbols('700.US')).toEqual([]);
    expect(symbols('NVDA.HK')).toEqual([]);
  });
});

describe('createCatalogSearch: ranking', () => {
  it('puts the exact symbol, then symbol starts (shorter first), then symbols holding the text', () => {
    expect(symbols('700')).toEqual(['700.HK', '7000.HK', '1700.HK']);
    expect(catalog.search('700').matches.map(({ rank }) => rank)).toEqual([MATCH_RANK.symbol, MATCH_RANK.symbolStart, MATCH_RANK.insideSymbol]);
    expect(symbols('AU')).toEqual(['AU2612', 'AU2702']);
  });

  it('ranks ETHUSDT first for ETH and does not match Tether inside its word', () => {
    expect(symbols('ETH')).toEqual(['ETHUSDT']);
    expect(symbols('eth')).toEqual(['ETHUSDT']);
    // A whole word still matches, the shorter name first.
    expect(symbols('tether')).toEqual(['SOLUSDT', 'BTCUSDT', 'ETHUSDT']);
    expect(catalog.search('tether').matches[0]?.rank).toBe(MATCH_RANK.nameWord);
  });

  it('lists every symbol holding the text last (USDT pairs)', () => {
    expect(catalog.search('USDT').matches.map(({ item, rank }) => [item.symbol, rank])).toEqual([
      ['BTCUSDT', MATCH_RANK.insideSymbol],
      ['ETHUSDT', MATCH_RANK.insideSymbol],
      ['SOLUSDT', MATCH_RANK.insideSymbol],
    ]);
  });

  it('puts a symbol start above a name start above a later word', () => {
    const ranked = catalog.search('h').matches.map(({ item, rank }) => [item.symbol, rank]);
    expect(ranked.slice(0, 2)).toEqual([
      ['HSI', MATCH_RANK.symbolStart],
      ['HSTECH', MATCH_RANK.symbolStart],
    ]);
    expect(ranked).toContainEqual(['5.HK', MATCH_RANK.nameStart]); // HSBC HOLDINGS
    expect(ranked).toContainEqual(['1.HK', MATCH_RANK.nameWord]); // CKH HOLDINGS
  });

  it('prefers the closer (shorter) name within a rank', () => {
    expect(symbols('hang seng')).toEqual(['HSI', 'HSTECH']);
    expect(symbols('bitcoin us')).toEqual(['BTCUSD', 'BTCUSD']);
    expect(catalog.search('bitcoin us').matches.map(({ item }) => item.type)).toEqual(['crypto', 'forex']);
  });
});

describe('createCatalogSearch: names', () => {
  it('finds a name by the start of any of its words, every word of the query in one name', () => {
    expect(symbols('nvidia')).toEqual(['NVDA.US']);
    expect(symbols('tech index')).toEqual(['HSTECH']);
    expect(symbols('index tech')).toEqual(['HSTECH']);
    expect(symbols('seng tech x')).toEqual([]);
  });

  it('finds an HK stock by its English name and says which name matched', () => {
    expect(catalog.search('Tencent').matches).toEqual([
      { item: expect.objectContaining({ symbol: '700.HK' }) as unknown, rank: MATCH_RANK.nameStart, matchedName: 'TENCENT' },
    ]);
    expect(symbols('holdings')).toEqual(['1.HK', '5.HK']);
  });

  it('finds Chinese names anywhere in them, Simplified or Traditional, full-width Latin too', () => {
    expect(first('茅台')).toMatchObject({ item: { symbol: '600519.SH' }, rank: MATCH_RANK.nameWord });
    expect(first('贵州')).toMatchObject({ item: { symbol: '600519.SH' }, rank: MATCH_RANK.nameStart });
    expect(first('騰訊')).toMatchObject({ item: { symbol: '700.HK' }, matchedName: '騰訊控股' });
    expect(symbols('银行')).toEqual(['000001.SZ', '601988.SH']);
    expect(first('英伟达')).toMatchObject({ item: { symbol: 'NVDA.US' }, matchedName: '英伟达' });
    expect(first('ＴＥＮＣＥＮＴ')?.item.symbol).toBe('700.HK');
  });

  it('finds a name in the other script: an A-share the data names in Simplified only, typed in Traditional', () => {
    expect(first('貴州')).toMatchObject({ item: { symbol: '600519.SH' }, rank: MATCH_RANK.nameStart });
    expect(first('貴州茅臺')).toMatchObject({ item: { symbol: '600519.SH' }, rank: MATCH_RANK.nameStart });
    expect(first('中國銀行')?.item.symbol).toBe('601988.SH');
    // HSBC, named 滙豐 in Hong Kong, typed with the common 匯 or in Simplified.
    for (const typed of ['滙豐', '匯豐', '汇丰']) expect(first(typed)?.item.symbol).toBe('5.HK');
    // The name written as typed is the one that matched.
    expect(first('汇丰')).not.toHaveProperty('matchedName');
    expect(first('滙豐')).toMatchObject({ matchedName: '滙豐控股' });
  });

  it('finds Chinese names by pinyin, full or initials, from the start or a later syllable', () => {
    expect(first('gzmt')).toMatchObject({ item: { symbol: '600519.SH' }, rank: MATCH_RANK.nameStart });
    expect(first('guizhoumaotai')).toMatchObject({ item: { symbol: '600519.SH' }, rank: MATCH_RANK.nameStart });
    expect(first('tengxun')).toMatchObject({ item: { symbol: '700.HK' }, rank: MATCH_RANK.nameStart });
    expect(first('teng xun')?.item.symbol).toBe('700.HK');
    expect(first('tengx')?.item.symbol).toBe('700.HK');
    expect(first('maotai')).toMatchObject({ item: { symbol: '600519.SH' }, rank: MATCH_RANK.nameWord });
    expect(first('yingweida')).toMatchObject({ item: { symbol: 'NVDA.US' }, matchedName: '英伟达' });
    expect(symbols('hj2612')).toEqual(['AU2612']);
    // A syllable is matched from its start only.
    expect(symbols('engxun')).toEqual([]);
  });
});

describe('createCatalogSearch: filters, limits, lookup', () => {
  it('filters by market and type', () => {
    expect(symbols('holdings', { market: 'HK' })).toEqual(['1.HK', '5.HK']);
    expect(symbols('bitcoin', { type: 'forex' })).toEqual(['BTCUSD']);
    expect(symbols('700', { market: 'US' })).toEqual([]);
  });

  it('counts every match and returns the first `limit`', () => {
    const result = catalog.search('h', { limit: 2 });
    expect(result.matches).toHaveLength(2);
    expect(result.total).toBeGreaterThan(2);
  });

  it('lists the catalogue in its order for an empty query', () => {
    expect(catalog.search('', { type: 'futures' })).toEqual({
      matches: [expect.objectContaining({ item: expect.objectContaining({ symbol: 'AU2612' }) as unknown }), expect.anything()],
      total: 2,
    });
    expect(catalog.search('  ').total).toBe(ENTRIES.length);
  });

  it('looks a typed symbol up in any spelling: one item per type, none when unknown', () => {
    expect(catalog.lookup('00700.hk').map(({ symbol }) => symbol)).toEqual(['700.HK']);
    expect(catalog.lookup('nvda').map(({ symbol }) => symbol)).toEqual(['NVDA.US']);
    expect(catalog.lookup('btcusd').map(({ type }) => type)).toEqual(['crypto', 'forex']);
    expect(catalog.lookup('ZZZZ.US')).toEqual([]);
    expect(catalog.lookup('NVD')).toEqual([]);
    expect(catalog.size).toBe(ENTRIES.length);
  });
});

describe('createCatalogSearch over the simulator’s catalogue', async () => {
  const index = await simulatorCatalogIndex();
  const simCatalog = createCatalogSearch(index);

  it.each([
    ['nvda', 'NVDA.US'],
    ['NVDA.US', 'NVDA.US'],
    ['nvidia', 'NVDA.US'],
    ['tsla', 'TSLA.US'],
    ['msft', 'MSFT.US'],
    ['700', '700.HK'],
    ['00700', '700.HK'],
    ['0700.HK', '700.HK'],
    ['Tencent', '700.HK'],
    ['600519', '600519.SH'],
    ['AU2612', 'AU2612'],
    ['ETH', 'ETHUSDT'],
    ['gzmt', '600519.SH'],
    ['tengxun', '700.HK'],
    ['腾讯', '700.HK'],
    ['騰訊', '700.HK'],
    ['贵州茅台', '600519.SH'],
  ])('%s → %s first', (query, symbol) => {
    expect(simCatalog.search(query).matches[0]?.item.symbol).toBe(symbol);
  });

  it('lists nothing but ETHUSDT for ETH (no pair matched through “Tether”)', () => {
    expect(simCatalog.search('ETH').matches.map(({ item }) => item.symbol)).toEqual(['ETHUSDT']);
  });

  it('finds an HK stock by its English name within the HK market', () => {
    expect(simCatalog.search('hsbc', { market: 'HK' }).matches[0]?.item.symbol).toBe('5.HK');
  });
});

describe('createCatalogSearch: what a trader types (the simulator’s catalogue, the server’s aliases)', async () => {
  const simCatalog = createCatalogSearch(await simulatorCatalogIndex());
  const firstOf = (query: string) => simCatalog.search(query).matches[0];

  it.each([
    // English names of China futures and A-shares, which the API gives only in Chinese.
    ['copper', 'CU2612'],
    ['rebar', 'RB2701'],
    ['crude oil', 'SC2701'],
    ['iron ore', 'I2701'],
    ['moutai', '600519.SH'],
    ['kweichow moutai', '600519.SH'],
    ['ping an insurance', '601318.SH'],
    // A commodity's or an index's word before a company whose name starts with it.
    ['gold', 'XAUUSD'],
    ['silver', 'XAGUSD'],
    ['hang seng', 'HSI'],
    ['nikkei', 'N225'],
    // Pairs typed with a separator.
    ['BTC/USDT', 'BTCUSDT'],
    ['eth-usdt', 'ETHUSDT'],
    ['eur/usd', 'EURUSD'],
    // Typos, when nothing matches as typed: a letter dropped, added, changed or two swapped.
    ['nvdia', 'NVDA.US'],
    ['aple', 'AAPL.US'],
    ['tencnet', '700.HK'],
    ['micorsoft', 'MSFT.US'],
  ])('%s → %s first', (query, symbol) => {
    expect(firstOf(query)?.item.symbol).toBe(symbol);
  });

  it.each([
    ['netease', ['NTES.US', '9999.HK']],
    ['china construction bank', ['601939.SH', '939.HK']],
    ['china merchants bank', ['600036.SH', '3968.HK']],
    ['agricultural bank of china', ['601288.SH', '1288.HK']],
    ['industrial and commercial bank', ['601398.SH', '1398.HK']],
  ])('finds every listing of a company by its name, an HK short name being a code: %s', (query, symbols) => {
    const found = simCatalog
      .search(query)
      .matches.slice(0, 3)
      .map(({ item }) => item.symbol);
    expect(found).toEqual(expect.arrayContaining(symbols));
  });

  it('ranks the metal and its futures before Goldman Sachs for “gold”, and still lists the bank', () => {
    const symbols = simCatalog.search('gold').matches.map(({ item }) => item.symbol);
    expect(symbols.slice(0, 3)).toEqual(['XAUUSD', 'AU2612', 'AU2702']);
    expect(symbols).toContain('GS.US');
  });

  it('marks a typo’s match as one and does not look for typos when something matches as typed', () => {
    expect(firstOf('nvdia')?.rank).toBe(MATCH_RANK.typo);
    expect(simCatalog.search('nvda').matches.every(({ rank }) => rank !== MATCH_RANK.typo)).toBe(true);
    // Three letters are too few to tell a typo from another symbol.
    expect(simCatalog.search('qqz').matches).toEqual([]);
  });

  it('names the alias that matched', () => {
    expect(firstOf('copper')?.matchedName).toBe('copper');
  });
});

describe('createCatalogSearch: what a trader most likely means, over the simulator’s catalogue', async () => {
  const simCatalog = createCatalogSearch(await simulatorCatalogIndex());
  const firstSymbols = (query: string, count: number) =>
    simCatalog
      .searchSymbols(query, { limit: count * 3 })
      .matches.slice(0, count)
      .map(({ symbol, types }) => `${symbol}${types[0] === 'stock' ? '' : `:${types[0] ?? ''}`}`);

  it.each([
    // The name typed whole, in English, Simplified and Traditional Chinese, or its pinyin.
    ['tencent', '700.HK'],
    ['腾讯', '700.HK'],
    ['騰訊', '700.HK'],
    ['apple', 'AAPL.US'],
    ['苹果', 'AAPL.US'],
    ['蘋果', 'AAPL.US'],
    ['700', '700.HK'],
    ['00700', '700.HK'],
    ['hsbc', '5.HK'],
    ['汇丰', '5.HK'],
    // Hong Kong writes HSBC 滙豐; a user types the common 匯.
    ['匯豐', '5.HK'],
    ['滙豐', '5.HK'],
    // The metal before its futures (size), both before Goldman Sachs (whole word), in every script.
    ['gold', 'XAUUSD:forex'],
    ['黄金', 'XAUUSD:forex'],
    ['黃金', 'XAUUSD:forex'],
    // The index before the bank that shares its name.
    ['hang seng', 'HSI:indices'],
    ['恒生', 'HSI:indices'],
    // The coin pair, not its CFD shadow.
    ['bitcoin', 'BTCUSDT:crypto'],
    // The bigger company among names a word starts equally well.
    ['ping an', '601318.SH'],
  ])('%s → %s first', (query, expected) => {
    expect(firstSymbols(query, 1)).toEqual([expected]);
  });

  it('lists the biggest banks first for “银行” / “銀行”: ICBC, then the other big four', () => {
    for (const query of ['银行', '銀行']) {
      const first = firstSymbols(query, 4);
      expect(first[0], query).toMatch(/^(1398\.HK|601398\.SH)$/);
      expect(
        first.every((symbol) => ['1398.HK', '601398.SH', '939.HK', '601939.SH', '1288.HK', '601288.SH', '3988.HK', '601988.SH'].includes(symbol)),
        query,
      ).toBe(true);
    }
  });

  it('lists for “bank” the names it starts (Bank of China, Bank of America) before those where it is a later word, the biggest first', () => {
    const first = firstSymbols('bank', 3);
    expect(new Set(first)).toEqual(new Set(['601988.SH', '3988.HK', 'BAC.US']));
    expect(firstSymbols('bank', 8)).toContain('601398.SH');
  });
});

describe('bySymbol', () => {
  it('joins the types of one symbol at its best match’s place', () => {
    expect(bySymbol(catalog.search('btcusd').matches)).toEqual([
      { symbol: 'BTCUSD', market: 'GLOBAL', name: 'Bitcoin / US Dollar', names: { en: '', hans: '', hant: '' }, types: ['crypto', 'forex'] },
      { symbol: 'BTCUSDT', market: 'GLOBAL', name: 'Bitcoin / Tether', names: { en: '', hans: '', hant: '' }, types: ['crypto'] },
    ]);
    expect(bySymbol(catalog.search('tencent').matches)).toEqual([
      { symbol: '700.HK', market: 'HK', name: '腾讯控股', matchedName: 'TENCENT', names: { en: 'TENCENT', hans: '', hant: '騰訊控股' }, types: ['stock'] },
    ]);
  });
});

describe('prepareCatalogSearch', () => {
  it('prepares the index in slices, yielding to the page between them, into the same search as in one piece', async () => {
    const index = await simulatorCatalogIndex();
    let yields = 0;
    const sliced = await prepareCatalogSearch(index, () => {
      yields += 1;
      return Promise.resolve();
    });
    const whole = createCatalogSearch(index);
    expect(yields).toBe(Math.ceil(index.entries.length / ENTRIES_PER_SLICE) - 1);
    expect(sliced.size).toBe(whole.size);
    expect(sliced.lastUpdated).toBe(whole.lastUpdated);
    for (const query of ['nvidia', 'nvdia', 'tengxun', '腾讯', 'hsbc', '700', 'gold', 'eur usd', '']) {
      expect(sliced.search(query), query).toEqual(whole.search(query));
    }
    expect(sliced.lookup('00700.HK')).toEqual(whole.lookup('00700.HK'));
  });
});
