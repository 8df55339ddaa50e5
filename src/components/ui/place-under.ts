/** Where a popup opened from a button at a row's right end goes: under it, right edges aligned, inside the window. */
export function placeUnderRightEdge(anchor: HTMLElement): { top: number; right: number } {
  const rect = anchor.getBoundingClientRect();
  return { top: rect.bottom + 4, right: Math.max(4, document.documentElement.clientWidth - rect.right) };
}
