/** Words for the tape: trade side (§2.7 buy/sell/neutral) and futures position effect. */
import { t, type MessageKey } from '../../i18n/t';

export interface SideStyle {
  label: string;
  /** An arrow so the side never depends on colour alone. */
  mark: string;
  /** CSS colour: the user's up/down convention, or muted. */
  color: string | undefined;
}

const SIDES: Readonly<Record<string, SideStyle>> = {
  buy: { label: 'Buy', mark: '▲', color: 'var(--color-up)' },
  sell: { label: 'Sell', mark: '▼', color: 'var(--color-down)' },
  neutral: { label: 'Neutral', mark: '•', color: undefined },
};

const SIDE_NAMES: Readonly<Record<string, MessageKey>> = { Buy: 'Buy', Sell: 'Sell', Neutral: 'Neutral' };

/** A side's label (English, as the row's data-side reads it) in the active language. */
export function sideName(label: string): string {
  const key = SIDE_NAMES[label];
  return key ? t(key) : label;
}

/** Buy, Sell, Neutral; an unknown side keeps its own word, muted. */
export function sideStyle(side: string): SideStyle {
  return SIDES[side.toLowerCase()] ?? { label: capitalise(side), mark: '•', color: undefined };
}

const EFFECTS: Readonly<Record<string, MessageKey>> = {
  long_open: 'Long open',
  long_close: 'Long close',
  long_transfer: 'Long transfer',
  short_open: 'Short open',
  short_close: 'Short close',
  short_transfer: 'Short transfer',
  both_open: 'Both open',
  both_close: 'Both close',
  both_transfer: 'Both transfer',
};

/** long_open → 'Long open', both_close → 'Both close', short_transfer → 'Short transfer'. */
export function positionEffectLabel(effect: string): string {
  const known = EFFECTS[effect.toLowerCase()];
  if (known !== undefined) return t(known);
  return capitalise(effect.replace(/_/g, ' '));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
