/**
 * Keeps a layout's charts in step: the crosshair (the same moment on every chart: the same instant
 * intraday, the same date on daily and longer charts) and the visible time range. Only the chart
 * under the pointer leads, so a follower's own events (its crosshair set from here, its range
 * moved from here) never echo back.
 */
import type { ChartAdapter } from '../chart-adapter';
import type { SyncFlags } from '../../../store/chart-layout';

export type SyncedChart = Pick<ChartAdapter, 'onCrosshair' | 'showCrosshairAt' | 'visibleMoments' | 'showMoments' | 'onVisibleRange' | 'momentOf'>;

export class ChartSync {
  private readonly members = new Map<number, { chart: SyncedChart; off: () => void }>();
  private leader: number | undefined;

  /** `flags` is read at each event, so toggles apply at once. */
  constructor(private readonly flags: () => SyncFlags) {}

  join(index: number, chart: SyncedChart): void {
    this.leave(index);
    const offCrosshair = chart.onCrosshair((hit) => {
      if (this.leader !== index || !this.flags().crosshair) return;
      const moment = hit && chart.momentOf(hit.candle.time);
      this.forOthers(index, (other) => {
        other.showCrosshairAt(moment);
      });
    });
    const offRange = chart.onVisibleRange(() => {
      if (this.leader !== index || !this.flags().range) return;
      const range = chart.visibleMoments();
      if (range)
        this.forOthers(index, (other) => {
          other.showMoments(range);
        });
    });
    this.members.set(index, {
      chart,
      off: () => {
        offCrosshair();
        offRange();
      },
    });
  }

  leave(index: number): void {
    this.members.get(index)?.off();
    this.members.delete(index);
  }

  /** The pointer entered chart `index` (undefined: it left them all): that chart leads. */
  pointerIn(index: number | undefined): void {
    if (index === this.leader) return;
    const previous = this.leader;
    this.leader = index;
    // The crosshairs the old leader placed go with it.
    if (previous !== undefined && this.flags().crosshair)
      this.forOthers(previous, (other) => {
        other.showCrosshairAt(undefined);
      });
  }

  private forOthers(index: number, apply: (chart: SyncedChart) => void): void {
    for (const [at, { chart }] of this.members) if (at !== index) apply(chart);
  }
}
