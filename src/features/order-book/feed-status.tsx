/** Where the book comes from right now, said in words (a polite live region). */
import { DEPTH_POLL_MS } from './api/use-depth';
import type { ChannelState } from '../../realtime/types';
import type { Refusal } from './api/use-order-book';

const POLL_SECONDS = DEPTH_POLL_MS / 1000;

export function feedSentence(state: ChannelState, refusal: Refusal | undefined): string {
  const polling = `Order book over HTTP every ${String(POLL_SECONDS)} s`;
  switch (state) {
    case 'live':
      return 'Live order book, updated as it changes';
    case 'connecting':
      return `${polling} while the live feed connects`;
    case 'down':
      return `${polling} (live connection down)`;
    case 'refused': {
      const reason = [refusal?.code, refusal?.message].filter((part) => part !== undefined).join(' ');
      return `${polling} (${reason === '' ? 'live feed refused' : reason})`;
    }
  }
}

export function FeedStatus({ state, refusal }: { state: ChannelState; refusal: Refusal | undefined }) {
  const live = state === 'live';
  return (
    <p role="status" data-testid="book-feed" data-state={state} className="flex items-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${live ? 'bg-emerald-500' : state === 'connecting' ? 'bg-sky-500' : 'bg-amber-500'}`} />
      {feedSentence(state, refusal)}
    </p>
  );
}
