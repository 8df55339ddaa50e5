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

  /**
   * Asks the chart to paint again (nothing before it is attached), unless the last paint drew
   * nothing and the next would draw nothing either: the library repaints every pane and axis for
   * it (40–90 ms on a phone under the bench's 4× slowdown), and each layer sets its empty state
   * as the page opens.
   */
  protected requestUpdate(): void {
    if (!this.hasContent() && !this.mayPlace()) return;
    this.repaint?.();
  }

  abstract updateAllViews(): void;
  /** Whether the last placing left anything to paint. */
  protected abstract hasContent(): boolean;
  /** Whether the next placing may place anything (false: there is nothing to place). */
  protected abstract mayPlace(): boolean;
  protected abstract draw(target: DrawTarget): void;
}
