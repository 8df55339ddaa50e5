/**
 * A market as the search's tags and filter name it: the codes traders read in every language (US,
 * HK, CN), and the products of no one market (GLOBAL: forex, metals, crypto, indices) in the
 * language's word, 全球 rather than the contract's code.
 */
import type { Market } from '#shared/contract.ts';
import { t } from '../../i18n/t';

export function marketTag(market: Market): string {
  return market === 'GLOBAL' ? t('Global') : market;
}
