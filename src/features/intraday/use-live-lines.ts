/**
 * The polled intraday lines with the ticker pushes received since folded in (followTick); the
 * next poll replaces them. Without pushes: the polled lines as they are.
 */
import { useState } from 'react';
import type { IntradayPoint as IntradayLine } from '../../api/quote-schemas';
import { isExtendedPush, type TickerPush } from '../../realtime/types';
import { followTick } from './live-line';

interface Followed {
  base: readonly IntradayLine[] | undefined;
  push: TickerPush | undefined;
  shown: readonly IntradayLine[] | undefined;
  dayVolume: number | undefined;
}

function dayVolumeOf(push: TickerPush): number | undefined {
  const value = push.volume_24h === undefined ? Number.NaN : Number(push.volume_24h);
  return Number.isFinite(value) ? value : undefined;
}

export function useLiveLines(base: readonly IntradayLine[] | undefined, push: TickerPush | undefined): readonly IntradayLine[] | undefined {
  const [followed, setFollowed] = useState<Followed>({ base, push: undefined, shown: base, dayVolume: undefined });
  // Adjusting state to new props during render (as in use-fresh-ids): each push is folded once.
  if (followed.base !== base || followed.push !== push) {
    let { shown, dayVolume } = followed;
    if (followed.base !== base) shown = base;
    // An extended-hours push is not a price of the session the lines show.
    if (push && push !== followed.push && shown && !isExtendedPush(push)) {
      const next = dayVolumeOf(push);
      shown = followTick(shown, {
        price: push.last_price,
        time: push.timestamp,
        ...(next !== undefined && { dayVolume: next }),
        ...(dayVolume !== undefined && { previousDayVolume: dayVolume }),
      });
      dayVolume = next ?? dayVolume;
    }
    if (!push) shown = base;
    setFollowed({ base, push, shown, dayVolume });
    return shown;
  }
  return followed.shown;
}
