/** The adjustment factors of stocks for a component (the query itself: ex-factors-query.ts). */
import { useQuery } from '@tanstack/react-query';
import { useMarketFeed } from './app-services-context';
import { exFactorsQueryOptions } from './ex-factors-query';

export function useExFactors(symbols: readonly string[]) {
  return useQuery(exFactorsQueryOptions(useMarketFeed(), symbols));
}
