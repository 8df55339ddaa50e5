import { describe, expect, it } from 'vitest';
import { layoutMarkers, MARKER_METRICS, type MarkerAnchor, type MarkerBox } from './marker-layout';

/** 7 px per character, as an 11 px bold face roughly measures. */
const measure = (text: string) => 7 * text.length;
const anchor = (x: number, letter = 'D', events = 1): MarkerAnchor<number> => ({ x, letter, events, item: x });

function expectApartAndInside(boxes: readonly MarkerBox<number>[], width: number): void {
  for (const [i, box] of boxes.entries()) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.left + box.width).toBeLessThanOrEqual(width);
    const next = boxes[i + 1];
    if (next) expect(box.left + box.width + MARKER_METRICS.gap).toBeLessThanOrEqual(next.left);
  }
}

describe('layoutMarkers', () => {
  it('gives a lone event its letter, centred on its candle', () => {
    const boxes = layoutMarkers([anchor(100), anchor(200, 'S')], 600, measure);
    expect(boxes).toEqual([
      { left: 92, width: 16, text: 'D', items: [100] },
      { left: 192, width: 16, text: 'S', items: [200] },
    ]);
  });

  it('joins badges that would touch into one with the count of their events', () => {
    const boxes = layoutMarkers([anchor(100), anchor(108), anchor(115, 'S'), anchor(300)], 600, measure);
    expect(boxes.map((box) => [box.text, box.items])).toEqual([
      ['3', [100, 108, 115]],
      ['D', [300]],
    ]);
    expectApartAndInside(boxes, 600);
  });

  it('counts the events of one candle: two on the same candle are a group of two', () => {
    expect(layoutMarkers([anchor(50, 'S', 2)], 600, measure).map((box) => box.text)).toEqual(['2']);
  });

  it('keeps badges at the edges whole: moved inside the pane, never clipped', () => {
    const boxes = layoutMarkers([anchor(1), anchor(599)], 600, measure);
    expect(boxes.map((box) => box.left)).toEqual([0, 584]);
    expectApartAndInside(boxes, 600);
  });

  it('leaves out candles outside the view', () => {
    expect(layoutMarkers([anchor(-5), anchor(650), anchor(10)], 600, measure).map((box) => box.items)).toEqual([[10]]);
  });

  it('a joined badge that grows into the one before joins it too', () => {
    // Ten events 1 px apart: a badge of "9" fits one letter, "10" needs two and reaches back.
    const tight = layoutMarkers(
      Array.from({ length: 10 }, (_, i) => anchor(40 + i)),
      600,
      measure,
    );
    expect(tight.map((box) => box.text)).toEqual(['10']);
    // Twelve events 6 px apart (a zoomed-out monthly chart): a few groups, every event counted.
    const boxes = layoutMarkers(
      Array.from({ length: 12 }, (_, i) => anchor(40 + 6 * i)),
      600,
      measure,
    );
    expect(boxes.length).toBeLessThan(6);
    expect(boxes.reduce((sum, box) => sum + (box.text === 'D' ? 1 : Number(box.text)), 0)).toBe(12);
    expectApartAndInside(boxes, 600);
  });

  it('never overlaps or clips, whatever the spacing (property over many layouts)', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let run = 0; run < 300; run++) {
      const width = 100 + Math.floor(random() * 900);
      const anchors = Array.from({ length: Math.floor(random() * 80) }, () =>
        anchor(random() * (width + 40) - 20, random() < 0.2 ? 'S' : 'D', random() < 0.1 ? 2 : 1),
      );
      const boxes = layoutMarkers(anchors, width, measure);
      expectApartAndInside(boxes, width);
      const inView = anchors.filter((a) => a.x >= 0 && a.x <= width);
      expect(boxes.flatMap((box) => box.items)).toHaveLength(inView.length);
    }
  });
});
