/** A layout's shape as a small picture: its charts as boxes in a 20 × 14 frame. */
import type { LayoutKind } from '../../../store/chart-layout';

const BOXES: Record<LayoutKind, readonly (readonly [number, number, number, number])[]> = {
  '1': [[1, 1, 18, 12]],
  '2h': [
    [1, 1, 8.5, 12],
    [10.5, 1, 8.5, 12],
  ],
  '2v': [
    [1, 1, 18, 5.5],
    [1, 7.5, 18, 5.5],
  ],
  '3': [
    [1, 1, 10, 12],
    [12, 1, 7, 5.5],
    [12, 7.5, 7, 5.5],
  ],
  '4': [
    [1, 1, 8.5, 5.5],
    [10.5, 1, 8.5, 5.5],
    [1, 7.5, 8.5, 5.5],
    [10.5, 7.5, 8.5, 5.5],
  ],
};

export function LayoutIcon({ kind }: { kind: LayoutKind }) {
  return (
    <svg width="20" height="14" viewBox="0 0 20 14" aria-hidden="true">
      {BOXES[kind].map(([x, y, width, height]) => (
        <rect key={`${String(x)},${String(y)}`} x={x} y={y} width={width} height={height} rx="1" fill="none" stroke="currentColor" strokeWidth="1.2" />
      ))}
    </svg>
  );
}
