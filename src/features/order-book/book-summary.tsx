/** Beside the ladder (below it on a phone): best prices, spread, mid, the depth of each side. */
import { formatPrice } from '../../lib/format';
import type { Ladder } from './ladder';

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-medium tabular-nums" style={color ? { color } : undefined}>
        {value}
      </dd>
    </div>
  );
}

export function BookSummary({ ladder, updated }: { ladder: Ladder; updated: string }) {
  const bestBid = ladder.bids[0];
  const bestAsk = ladder.asks[ladder.asks.length - 1];
  const total = ladder.bidTotal + ladder.askTotal;
  const bidShare = total > 0 ? (ladder.bidTotal / total) * 100 : 50;
  return (
    <div className="flex flex-col gap-3 text-xs sm:text-sm">
      <dl className="flex flex-col gap-1" aria-label="Book summary">
        <Figure label="Best bid" value={bestBid?.priceText ?? '—'} color="var(--color-up)" />
        <Figure label="Best ask" value={bestAsk?.priceText ?? '—'} color="var(--color-down)" />
        <Figure label="Spread" value={ladder.spread ? `${ladder.spread.absoluteText} (${ladder.spread.bpsText})` : '—'} />
        <Figure label="Mid" value={ladder.spread?.midText ?? '—'} />
        <Figure label={`Bid size (${String(ladder.bids.length)} levels)`} value={ladder.bidTotalText} />
        <Figure label={`Ask size (${String(ladder.asks.length)} levels)`} value={ladder.askTotalText} />
        <Figure label="Updated" value={updated} />
      </dl>
      <div>
        <p className="mb-1 text-slate-500 dark:text-slate-400">
          Bids {formatPrice(bidShare, 0)}% · Asks {formatPrice(100 - bidShare, 0)}% of the size shown
        </p>
        <div aria-hidden="true" className="flex h-2 overflow-hidden rounded-full">
          <div style={{ width: `${bidShare.toFixed(2)}%`, backgroundColor: 'var(--color-up)' }} />
          <div className="flex-1" style={{ backgroundColor: 'var(--color-down)' }} />
        </div>
      </div>
    </div>
  );
}
