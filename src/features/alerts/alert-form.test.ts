import { describe, expect, it } from 'vitest';
import { validateAlertForm, type AlertFormValues, type FormContext } from './alert-form';

const values: AlertFormValues = {
  symbol: 'AAPL.US',
  kind: 'cross',
  level: '182.5',
  percent: '',
  direction: 'up',
  repeat: 'once',
  cooldownMinutes: '',
  expires: '',
  sound: false,
};
const context: FormContext = { symbol: { ok: true, symbol: 'AAPL.US', type: 'stock' }, now: Date.parse('2026-11-25T15:00:00Z'), lastPrice: 180 };

describe('validateAlertForm', () => {
  it('makes a draft of good values', () => {
    expect(validateAlertForm(values, context)).toEqual({
      ok: true,
      draft: {
        symbol: 'AAPL.US',
        type: 'stock',
        condition: { kind: 'cross', level: 182.5 },
        direction: 'up',
        repeat: 'once',
        cooldownMs: 0,
        sound: false,
        createdAt: context.now,
      },
    });
  });

  it.each([
    ['', /Enter the price level/],
    ['abc', /“abc” is not a number/],
    ['-3', /must be above zero/],
    ['0', /must be above zero/],
    ['1e999', /too large/],
  ])('refuses the level %j with a clear message', (level, message) => {
    const result = validateAlertForm({ ...values, level }, context);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.level).toMatch(message);
  });

  it('accepts a thousands separator', () => {
    const result = validateAlertForm({ ...values, level: '1,234.5' }, context);
    expect(result.ok && result.draft.condition).toEqual({ kind: 'cross', level: 1234.5 });
  });

  it('says an empty or unknown symbol is wrong, with every other wrong field', () => {
    const empty = validateAlertForm({ ...values, symbol: ' ', level: 'x' }, context);
    expect(empty).toEqual({
      ok: false,
      errors: { symbol: expect.stringMatching(/Enter the symbol/) as string, level: expect.stringMatching(/not a number/) as string },
    });
    const unknown = validateAlertForm({ ...values, symbol: 'ZZZZ.US' }, { ...context, symbol: { ok: false, message: 'ZZZZ.US is not in the catalogue' } });
    expect(!unknown.ok && unknown.errors.symbol).toBe('ZZZZ.US is not in the catalogue');
  });

  it('makes a move alert from the last price, and needs one', () => {
    const move = { ...values, kind: 'move' as const, percent: '5', direction: 'either' as const };
    expect(validateAlertForm(move, context)).toMatchObject({ ok: true, draft: { condition: { kind: 'move', percent: 5, base: 180 } } });
    expect(validateAlertForm(move, { ...context, lastPrice: undefined })).toMatchObject({
      ok: false,
      errors: { percent: expect.stringMatching(/No price/) as string },
    });
    expect(validateAlertForm({ ...move, percent: '150' }, context)).toMatchObject({ ok: false, errors: { percent: expect.stringMatching(/100 %/) as string } });
  });

  it('checks the cooldown of a repeating alert and the expiry', () => {
    expect(validateAlertForm({ ...values, repeat: 'every', cooldownMinutes: '5' }, context)).toMatchObject({ ok: true, draft: { cooldownMs: 300_000 } });
    expect(validateAlertForm({ ...values, repeat: 'every', cooldownMinutes: '-1' }, context)).toMatchObject({
      ok: false,
      errors: { cooldownMinutes: expect.stringMatching(/negative/) as string },
    });
    expect(validateAlertForm({ ...values, expires: '2020-01-01T10:00' }, context)).toMatchObject({
      ok: false,
      errors: { expires: expect.stringMatching(/past/) as string },
    });
    const later = validateAlertForm({ ...values, expires: '2030-01-01T10:00' }, context);
    expect(later.ok && later.draft.expiresAt).toBe(new Date('2030-01-01T10:00').getTime());
  });
});
