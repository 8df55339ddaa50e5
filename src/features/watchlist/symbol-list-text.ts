/**
 * The symbols in text a user brings to a watchlist: pasted ("AAPL, 700.HK BTCUSDT": any mix of
 * commas, semicolons, spaces, tabs and lines) or a CSV file, the watchlist export's (its first
 * column, under a header row in any of the app's languages) or a plain one-column file. Each
 * symbol once, in the order given; whether the catalogue knows them is checked later. CSV is read
 * by Papa Parse (RFC 4180: quoted fields may hold commas, quotes and line breaks), which loads
 * with the import dialog.
 */
import Papa from 'papaparse';

const unique = (symbols: readonly string[]): string[] => [...new Set(symbols.map((symbol) => symbol.trim()).filter((symbol) => symbol !== ''))];

/** Pasted text: every word is a symbol. */
export function pastedSymbols(text: string): string[] {
  return unique(text.split(/[\s,;|]+/));
}

/**
 * A CSV file's symbols: the first field of each record, but a header's ("symbol" in English or
 * `headerNames`, the words of the page's language). The export's names start with an apostrophe
 * when a spreadsheet could take them for a formula; symbols never do, so none is stripped.
 */
export function csvSymbols(text: string, headerNames: readonly string[] = []): string[] {
  const headers = new Set(['symbol', ...headerNames].map((name) => name.toLocaleLowerCase()));
  const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  const firsts = rows.map((row) => row[0]?.trim() ?? '');
  if (firsts[0] !== undefined && headers.has(firsts[0].toLocaleLowerCase())) firsts.shift();
  return unique(firsts);
}
