/** Beside the ladder (below it on a phone): best prices, spread, mid, the depth of each side. */
import { t } from '../../i18n/t';
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
      <dl className="flex flex-col gap-1" aria-label={t('Book summary')}>
        <Figure label={t('Best bid')} value={bestBid?.priceText ?? '—'} color="var(--color-up)" />
        <Figure label={t('Best ask')} value={bestAsk?.priceText ?? '—'} color="var(--color-down)" />
        <Figure label={t('Spread')} value={ladder.spread ? `${ladder.spread.absoluteText} (${ladder.spread.bpsText})` : '—'} />
        <Figure label={t('Mid')} value={ladder.spread?.midText ?? '—'} />
        <Figure label={t('Bid size ({n} levels)', { n: ladder.bids.length })} value={ladder.bidTotalText} />
        <Figure label={t('Ask size ({n} levels)', { n: ladder.asks.length })} value={ladder.askTotalText} />
        <Figure label={t('Updated')} value={updated} />
      </dl>
      <div>
        <p className="mb-1 text-slate-500 dark:text-slate-400">
          {t('Bids {bids}% · Asks {asks}% of the size shown', { bids: formatPrice(bidShare, 0), asks: formatPrice(100 - bidShare, 0) })}
        </p>
        <div aria-hidden="true" className="flex h-2 overflow-hidden rounded-full">
          <div style={{ width: `${bidShare.toFixed(2)}%`, backgroundColor: 'var(--color-up)' }} />
          <div className="flex-1" style={{ backgroundColor: 'var(--color-down)' }} />
        </div>
      </div>
    </div>
  );
}
