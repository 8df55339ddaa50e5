/**
 * The order book of the workspace symbol. Symbols without a book (forex, metals, indices) get a
 * sentence and no request: the type comes from the workspace, the symbol's shape (stocks), or the
 * ticker the rest of the page already polls; failing those, the depth request's 2001 decides.
 */
import { t } from '../../i18n/t';
import { WaitingText } from '../../components/ui/waiting-text';
import { useLanguage } from '../../i18n/use-language';
import { useMemo } from 'react';
import { isApiError } from '../../api/api-error';
import { ERROR_CODES, type ProductType } from '#shared/contract.ts';
import { ErrorNotice } from '../../components/ui/error-notice';
import { useDisplayZone } from '../../components/use-display-zone';
import { zoneLabel } from '../../lib/zone-label';
import { formatZonedClock } from '#shared/time-zone.ts';
import { isNoTradeDataAnswer, useTradeDataAvailability } from '../../queries/trade-data-availability';
import { useAppStore } from '../../store/app-store';
import { NO_PLAN_SENTENCE, noBookSentence } from './book-availability';
import { BookSummary } from './book-summary';
import { DepthLadder } from './depth-ladder';
import { FeedStatus } from './feed-status';
import { buildLadder } from './ladder';
import { useOrderBook } from './api/use-order-book';
import { useSizeChanges } from './use-size-changes';

const NOTE = 'p-3 text-sm text-slate-500 dark:text-slate-400';

export function OrderBookPanel() {
  useLanguage();
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  switch (useTradeDataAvailability(symbol, type).status) {
    case 'available':
      return <OrderBook key={symbol} symbol={symbol} type={type} />;
    case 'unavailable':
      return <BookNote testId="book-unavailable" text={noBookSentence(symbol)} />;
    case 'pending':
      return <Loading />;
  }
}

function BookNote({ testId, text }: { testId: string; text: string }) {
  return (
    <p data-testid={testId} className={NOTE}>
      {text}
    </p>
  );
}

function Loading() {
  return (
    <p role="status" className={NOTE}>
      <WaitingText loading={t('Loading the order book…')} />
    </p>
  );
}

function isNoPlanError(error: unknown): boolean {
  return isApiError(error) && error.code === ERROR_CODES.PERMISSION_DENIED;
}

function OrderBook({ symbol, type }: { symbol: string; type?: ProductType | undefined }) {
  const { book, state, refusal, query } = useOrderBook(symbol, type);
  const { timeZone } = useDisplayZone(symbol, type);
  const ladder = useMemo(() => (book ? buildLadder(book) : undefined), [book]);
  const flashes = useSizeChanges(ladder);
  const retry = () => {
    void query.refetch();
  };

  if (query.error && isNoTradeDataAnswer(symbol, query.error)) return <BookNote testId="book-unavailable" text={noBookSentence(symbol)} />;
  if (query.error && isNoPlanError(query.error)) return <BookNote testId="book-no-plan" text={`${t(NO_PLAN_SENTENCE)} ${t('A higher plan unlocks it.')}`} />;

  const status = <FeedStatus state={state} refusal={refusal} />;
  if (!book || !ladder) {
    return (
      <div className="flex flex-col gap-2 p-2">
        {status}
        {query.error ? <ErrorNotice error={query.error} onRetry={retry} /> : <Loading />}
      </div>
    );
  }

  // The zone the chart shows this instrument in, named: a bare clock time says nothing.
  const updated = `${formatZonedClock(book.timestamp, timeZone, true)} ${zoneLabel(book.timestamp, timeZone)}`;
  const empty = ladder.bids.length === 0 && ladder.asks.length === 0;
  return (
    <div className="relative flex h-full min-h-0 flex-col gap-2 overflow-auto p-2">
      {status}
      {query.error && state !== 'live' && <ErrorNotice error={query.error} onRetry={retry} compact />}
      {empty ? (
        <BookNote testId="book-empty" text={t('The order book of {symbol} is empty right now.', { symbol })} />
      ) : (
        <div className="flex flex-col gap-4 md:flex-row md:items-start">
          <div className="w-full md:max-w-md">
            <DepthLadder symbol={symbol} ladder={ladder} flashes={flashes} />
          </div>
          <aside aria-label={t('Order book summary of {symbol}', { symbol })} className="md:w-64">
            <BookSummary ladder={ladder} updated={updated} />
          </aside>
        </div>
      )}
    </div>
  );
}
