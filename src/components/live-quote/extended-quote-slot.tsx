/**
 * Where a quote shows a US stock's extended-hours price: nothing unless the ticker carries a
 * session quote, and the code that shows it (extended-quote.tsx) loads only then.
 */
import { Suspense } from 'react';
import { EXTENDED_SESSIONS } from '#shared/contract.ts';
import type { Ticker } from '../../api/quote-schemas';
import { lazyWithPreload } from '../lazy-with-preload';
import type { ExtendedQuoteProps } from './extended-quote';

const LazyExtendedQuote = lazyWithPreload(() => import('./extended-quote').then((module) => module.ExtendedQuote)).Component;

export function hasExtendedQuote(ticker: Ticker): boolean {
  return EXTENDED_SESSIONS.some((session) => ticker[`${session}_quote`] !== undefined);
}

export function ExtendedQuoteSlot({ ticker, ...props }: Omit<ExtendedQuoteProps, 'ticker'> & { ticker: Ticker | undefined }) {
  if (!ticker || !hasExtendedQuote(ticker)) return null;
  return (
    <Suspense fallback={null}>
      <LazyExtendedQuote ticker={ticker} {...props} />
    </Suspense>
  );
}
