/** Small line icons of the drawing tools (24 × 24, stroke in the current colour). */
import type { ToolKind } from './drawing-model';

const PATHS: Readonly<Record<ToolKind, string>> = {
  'trend-line': 'M5 19 L19 5 M5 19 m -1.5 0 a1.5 1.5 0 1 0 3 0 a1.5 1.5 0 1 0 -3 0 M19 5 m -1.5 0 a1.5 1.5 0 1 0 3 0 a1.5 1.5 0 1 0 -3 0',
  ray: 'M5 19 L22 2 M5 19 m -1.5 0 a1.5 1.5 0 1 0 3 0 a1.5 1.5 0 1 0 -3 0',
  'extended-line': 'M2 22 L22 2 M9 15 m -1.5 0 a1.5 1.5 0 1 0 3 0 a1.5 1.5 0 1 0 -3 0',
  'horizontal-line': 'M2 12 H22',
  'horizontal-ray': 'M7 12 H22 M7 12 m -1.5 0 a1.5 1.5 0 1 0 3 0 a1.5 1.5 0 1 0 -3 0',
  'vertical-line': 'M12 2 V22',
  'parallel-channel': 'M3 15 L15 5 M9 20 L21 10',
  rectangle: 'M4 6 H20 V18 H4 Z',
  'fib-retracement': 'M3 5 H21 M3 10 H21 M3 14 H21 M3 19 H21',
  measure: 'M4 20 V4 M4 4 L1.5 7 M4 4 L6.5 7 M4 20 H20 M20 20 L17 17.5 M20 20 L17 22.5',
  text: 'M5 5 H19 M12 5 V20',
  arrow: 'M5 19 L19 5 M19 5 H12 M19 5 V12',
};

export function ToolIcon({ kind }: { kind: ToolKind }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden="true">
      <path d={PATHS[kind]} />
    </svg>
  );
}
