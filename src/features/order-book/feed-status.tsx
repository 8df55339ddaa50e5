/** Where the book comes from right now, said in words (a polite live region). */
import { t } from '../../i18n/t';
import { DEPTH_POLL_MS } from './api/use-depth';
import type { ChannelState } from '../../realtime/types';
import type { Refusal } from './api/use-order-book';

const POLL_SECONDS = DEPTH_POLL_MS / 1000;

export function feedSentence(state: ChannelState, refusal: Refusal | undefined): string {
  const n = POLL_SECONDS;
  switch (state) {
    case 'live':
      return t('Live order book, updated as it changes');
    case 'connecting':
      return t('Order book over HTTP every {n} s while the live feed connects', { n });
    case 'down':
      return t('Order book over HTTP every {n} s (live connection down)', { n });
    case 'refused': {
      const reason = [refusal?.code, refusal?.message].filter((part) => part !== undefined).join(' ');
      return t('Order book over HTTP every {n} s ({reason})', { n, reason: reason === '' ? t('live feed refused') : reason });
    }
  }
}

export function FeedStatus({ state, refusal }: { state: ChannelState; refusal: Refusal | undefined }) {
  const live = state === 'live';
  return (
    <p role="status" data-testid="book-feed" data-state={state} className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
      <span
        aria-hidden="true"
        className={`inline-block size-2 rounded-full ${live ? 'bg-emerald-500' : state === 'connecting' ? 'bg-sky-500' : 'bg-amber-500'}`}
      />
      {feedSentence(state, refusal)}
    </p>
  );
}
