/** Words for the tape: trade side (§2.7 buy/sell/neutral) and futures position effect. */

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

/** Buy, Sell, Neutral; an unknown side keeps its own word, muted. */
export function sideStyle(side: string): SideStyle {
  return SIDES[side.toLowerCase()] ?? { label: capitalise(side), mark: '•', color: undefined };
}

const EFFECT_SUBJECTS: Readonly<Record<string, string>> = { long: 'Long', short: 'Short', both: 'Both' };
const EFFECT_ACTIONS: Readonly<Record<string, string>> = { open: 'open', close: 'close', transfer: 'transfer' };

/** long_open → 'Long open', both_close → 'Both close', short_transfer → 'Short transfer'. */
export function positionEffectLabel(effect: string): string {
  const [subject = '', action = ''] = effect.toLowerCase().split('_', 2);
  const who = EFFECT_SUBJECTS[subject];
  const what = EFFECT_ACTIONS[action];
  if (who !== undefined && what !== undefined) return `${who} ${what}`;
  return capitalise(effect.replace(/_/g, ' '));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
