/**
 * What every layer painted over the candles shares (drawings, alert lines): one pane view above
 * the series, drawn only while there is something to draw, and the library's request for a
 * repaint. A subclass places its things in `updateAllViews` (before each paint) and paints them
 * in `draw`.
 */
import type { IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesPrimitive, SeriesAttachedParameter } from 'lightweight-charts';

export type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

export abstract class TopPanePrimitive implements ISeriesPrimitive {
  private repaint: (() => void) | undefined;
  private readonly view: IPrimitivePaneView;

  constructor() {
    const renderer: IPrimitivePaneRenderer = {
      draw: (target) => {
        this.draw(target);
      },
    };
    this.view = { zOrder: () => 'top', renderer: () => (this.hasContent() ? renderer : null) };
  }

  attached(param: SeriesAttachedParameter): void {
    this.repaint = param.requestUpdate;
  }

  detached(): void {
    this.repaint = undefined;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }

  /** Asks the chart to paint again (nothing before it is attached). */
  protected requestUpdate(): void {
    this.repaint?.();
  }

  abstract updateAllViews(): void;
  /** Whether the last placing left anything to paint. */
  protected abstract hasContent(): boolean;
  protected abstract draw(target: DrawTarget): void;
}
