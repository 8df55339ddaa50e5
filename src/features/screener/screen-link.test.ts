import { describe, expect, it } from 'vitest';
import { presetScreen } from '#shared/screener/screen-presets.ts';
import { decodeScreen, encodeScreen, screenLink } from './screen-link';

const screen = presetScreen('golden-cross', { market: 'HK', type: 'stock' });

describe('a screen in a link', () => {
  it('goes there and back, its name in any script', () => {
    const param = encodeScreen(screen, '港股金叉');
    expect(param).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeScreen(param)).toEqual({ ok: true, name: '港股金叉', screen });
  });

  it('opens the screener tab with it', () => {
    const url = new URL(screenLink(screen, 'x', 'https://chartroom.test/?symbol=AAPL.US#top'));
    expect(url.searchParams.get('tab')).toBe('screener');
    expect(url.searchParams.get('symbol')).toBeNull();
    expect(url.hash).toBe('');
    expect(decodeScreen(url.searchParams.get('screen') ?? '')).toMatchObject({ ok: true, screen });
  });

  it('reports a link that holds no screen', () => {
    expect(decodeScreen('%%%')).toEqual({ ok: false, problems: ['not a screen'] });
    expect(decodeScreen(Buffer.from('not json').toString('base64url'))).toEqual({ ok: false, problems: ['not a screen'] });
    const bad = { ...screen, where: { kind: 'group', join: 'and', conditions: [{ kind: 'rsi', period: 0, op: 'below', value: 30 }] } };
    const decoded = decodeScreen(Buffer.from(JSON.stringify({ name: 'x', screen: bad })).toString('base64url'));
    expect(decoded.ok).toBe(false);
    expect(decoded.ok ? [] : decoded.problems).toEqual(['where.conditions.0.period: expected a whole number from 1 to 500, got 0']);
  });
});
