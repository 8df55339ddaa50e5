import { describe, expect, it } from 'vitest';
import { positionEffectLabel, sideStyle } from './trade-labels';

describe('positionEffectLabel', () => {
  it('puts every §2.7 value in words', () => {
    const values = ['long_open', 'short_open', 'both_open', 'long_close', 'short_close', 'both_close', 'long_transfer', 'short_transfer'];
    expect(values.map(positionEffectLabel)).toEqual([
      'Long open',
      'Short open',
      'Both open',
      'Long close',
      'Short close',
      'Both close',
      'Long transfer',
      'Short transfer',
    ]);
  });
  it('keeps an unknown value readable', () => {
    expect(positionEffectLabel('net_roll')).toBe('Net roll');
  });
});

describe('sideStyle', () => {
  it('colours buy up and sell down, with a word and an arrow', () => {
    expect(sideStyle('buy')).toEqual({ label: 'Buy', mark: '▲', color: 'var(--color-up)' });
    expect(sideStyle('sell')).toEqual({ label: 'Sell', mark: '▼', color: 'var(--color-down)' });
    expect(sideStyle('neutral').color).toBeUndefined();
  });
  it('keeps an unknown side muted', () => {
    expect(sideStyle('cross')).toEqual({ label: 'Cross', mark: '•', color: undefined });
  });
});
