/**
 * The quote strip's one request for a year of dailies (src/components/quote-strip/use-year-dailies.ts,
 * after the first candle): a 52-week range, not a page of a chart's history. Journeys that count a
 * chart's K-line requests leave it out.
 */
export function isQuoteStripYear(query: URLSearchParams): boolean {
  return query.get('interval') === '1d' && query.get('limit') === '260';
}
