/**
 * A CSS colour as a colour picker's value (`<input type="color">` takes #rrggbb only): an rgb() or
 * rgba() colour, or #rgb / #rrggbbaa, without its transparency. The MACD histogram's half-transparent
 * green made the browser warn on every render and the picker show black.
 */
export function hexColour(colour: string, fallback: string): string {
  const text = colour.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(text)?.[1];
  if (hex?.length === 3) return `#${hex.replace(/./g, (digit) => digit + digit)}`;
  if (hex?.length === 6 || hex?.length === 8) return `#${hex.slice(0, 6)}`;
  const channels = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/.exec(text);
  if (!channels) return fallback;
  const [r, g, b] = channels.slice(1, 4).map((channel) => Math.min(255, Number(channel)));
  return `#${[r, g, b].map((channel) => (channel ?? 0).toString(16).padStart(2, '0')).join('')}`;
}
