// @vitest-environment happy-dom
/** A row's sparkline: drawn at once at rest, after the fling when it came into view mid-scroll, and kept. */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createCell } from '../../lib/observable';
import { Sparkline, sparkPoints } from './sparkline';

const CLOSES = [10, 11, 10.5, 12];

afterEach(cleanup);

describe('Sparkline', () => {
  it('draws the closes at once when the list is at rest', () => {
    const { container } = render(<Sparkline closes={CLOSES} scrolling={createCell(false)} />);
    expect(container.querySelector('polyline')?.getAttribute('points')).toBe(sparkPoints(CLOSES));
  });

  it('holds its place with an empty box while the list scrolls, draws when it rests, and stays drawn', () => {
    const scrolling = createCell(true);
    const { container } = render(<Sparkline closes={CLOSES} scrolling={scrolling} />);
    expect(container.querySelector('polyline')).toBeNull();
    const box = container.querySelector('span');
    expect([box?.style.width, box?.style.height]).toEqual(['64px', '18px']);
    act(() => {
      scrolling.set(false);
    });
    expect(container.querySelector('polyline')?.getAttribute('points')).toBe(sparkPoints(CLOSES));
    act(() => {
      scrolling.set(true);
    });
    expect(container.querySelector('polyline')).not.toBeNull();
  });
});
