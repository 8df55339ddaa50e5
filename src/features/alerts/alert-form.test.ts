import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_TEMPLATE as SERVER_DEFAULT_TEMPLATE } from '../../../server/alerts/webhook/webhook-message.ts';
import { validateWebhookUrlForSaving } from '../../../server/alerts/webhook/webhook-policy.ts';
import { DEFAULT_WEBHOOK_TEMPLATE, parseWebhookUrl, roundedLevelText, validateAlertForm, type AlertFormValues, type FormContext } from './alert-form';

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
  push: true,
  webhookUrl: '',
  webhookTemplate: '',
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

  it('makes a day move alert without a price (the previous close is its reference), up to 100 %', () => {
    const dayMove = { ...values, kind: 'dayMove' as const, percent: '3', direction: 'down' as const };
    expect(validateAlertForm(dayMove, { ...context, lastPrice: undefined })).toMatchObject({ ok: true, draft: { condition: { kind: 'dayMove', percent: 3 } } });
    expect(validateAlertForm({ ...dayMove, percent: '120' }, context)).toMatchObject({
      ok: false,
      errors: { percent: expect.stringMatching(/100 %/) as string },
    });
    expect(validateAlertForm({ ...dayMove, percent: '' }, context)).toMatchObject({
      ok: false,
      errors: { percent: expect.stringMatching(/Enter the move/) as string },
    });
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
    // As a trader types it (lib/typed-date), and what is no time said so.
    const typed = validateAlertForm({ ...values, expires: '2030/1/1 10:00' }, context);
    expect(typed.ok && typed.draft.expiresAt).toBe(new Date('2030-01-01T10:00').getTime());
    expect(validateAlertForm({ ...values, expires: 'friday' }, context)).toMatchObject({
      ok: false,
      errors: { expires: expect.stringMatching(/as 2025-11-25 16:00/) as string },
    });
  });

  it('keeps an edited alert’s condition the form has no fields for (an indicator condition), the other fields checked', () => {
    const condition = {
      kind: 'indicator',
      interval: '1h',
      line: { source: 'indicator', indicator: 'rsi', params: { period: 14 }, output: 'value' },
      operator: 'crosses-above',
      against: { kind: 'level', value: 70 },
      on: 'bar-close',
    } as const;
    const kept = validateAlertForm({ ...values, level: '', repeat: 'every', cooldownMinutes: '10' }, { ...context, condition });
    expect(kept).toMatchObject({ ok: true, draft: { condition, repeat: 'every', cooldownMs: 600_000 } });
    expect(validateAlertForm({ ...values, level: '', expires: '2020-01-01T10:00' }, { ...context, condition })).toEqual({
      ok: false,
      errors: { expires: expect.stringMatching(/past/) as string },
    });
  });

  describe('delivery (where the server evaluates)', () => {
    const offered = { push: true, webhooks: true };
    const HOOK = 'https://hooks.example/alerts?team=desk';

    it('adds no delivery where the browser evaluates, and keeps an edited alert’s as it was', () => {
      const current = { push: false, webhook: { url: HOOK, template: '{{symbol}}' } };
      const plain = validateAlertForm({ ...values, webhookUrl: 'not a url' }, context);
      expect(plain.ok).toBe(true);
      expect(plain.ok && 'delivery' in plain.draft).toBe(false);
      expect(validateAlertForm(values, { ...context, current })).toMatchObject({ ok: true, draft: { delivery: current } });
    });

    it('saves push on or off, and a webhook with its message (an empty message: the server’s default)', () => {
      expect(validateAlertForm(values, { ...context, offered })).toMatchObject({ ok: true, draft: { delivery: { push: true } } });
      const off = validateAlertForm({ ...values, push: false }, { ...context, offered });
      expect(off.ok && off.draft.delivery).toEqual({ push: false });
      const hook = validateAlertForm({ ...values, webhookUrl: `  ${HOOK} `, webhookTemplate: '{{symbol}} at {{price}}' }, { ...context, offered });
      expect(hook.ok && hook.draft.delivery).toEqual({ push: true, webhook: { url: HOOK, template: '{{symbol}} at {{price}}' } });
      const plain = validateAlertForm({ ...values, webhookUrl: HOOK, webhookTemplate: '   ' }, { ...context, offered });
      expect(plain.ok && plain.draft.delivery).toEqual({ push: true, webhook: { url: HOOK, template: '' } });
      // A cleared URL removes the webhook an edited alert had.
      const cleared = validateAlertForm(values, { ...context, offered, current: { push: true, webhook: { url: HOOK, template: '' } } });
      expect(cleared.ok && cleared.draft.delivery).toEqual({ push: true });
    });

    it('keeps what the form does not show: push where the server has no push, the webhook where it allows none', () => {
      const current = { push: false, webhook: { url: HOOK, template: 'x' } };
      const noPush = validateAlertForm({ ...values, push: true, webhookUrl: HOOK }, { ...context, offered: { push: false, webhooks: true }, current });
      expect(noPush.ok && noPush.draft.delivery).toEqual({ push: false, webhook: { url: HOOK, template: '' } });
      const noHooks = validateAlertForm({ ...values, push: true, webhookUrl: 'garbage' }, { ...context, offered: { push: true, webhooks: false }, current });
      expect(noHooks.ok && noHooks.draft.delivery).toEqual({ push: true, webhook: current.webhook });
    });

    it.each([
      ['hooks.example/alerts', /“hooks\.example\/alerts” is not a web address: type the webhook URL in full, like https:\/\//],
      ['https://', /is not a web address/],
      ['ftp://hooks.example/alerts', /starts with https:\/\/ or http:\/\/, not ftp:\/\//],
      ['javascript:alert(1)', /not javascript:\/\//],
      ['https://user:secret@hooks.example/alerts', /user name and password/],
      ['https://bot@hooks.example/alerts', /user name and password/],
      [`https://hooks.example/${'a'.repeat(2000)}`, /too long: at most 2000 characters/],
    ])('refuses the webhook URL %j with a clear message, beside the other fields’ messages', (webhookUrl, message) => {
      const result = validateAlertForm({ ...values, level: 'abc', webhookUrl }, { ...context, offered });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.errors.webhookUrl).toMatch(message);
        expect(result.errors.level).toMatch(/not a number/);
      }
    });

    it('quotes the start of a long bad URL only', () => {
      const result = parseWebhookUrl(`hooks ${'x'.repeat(100)}`);
      expect(typeof result !== 'string' && result.error).toMatch(/^“hooks x{34}…” is not a web address/);
    });

    it('asks for the URL of a message typed without one, and refuses a message past 2000 characters', () => {
      expect(validateAlertForm({ ...values, webhookTemplate: '{{symbol}}!' }, { ...context, offered })).toMatchObject({
        ok: false,
        errors: { webhookUrl: expect.stringMatching(/Enter the webhook URL the message goes to/) as string },
      });
      expect(validateAlertForm({ ...values, webhookUrl: HOOK, webhookTemplate: 'x'.repeat(2001) }, { ...context, offered })).toMatchObject({
        ok: false,
        errors: { webhookTemplate: expect.stringMatching(/message is too long/) as string },
      });
    });

    it('agrees with the server on which URLs have a webhook’s shape, and on the default message', () => {
      const urls = [
        HOOK,
        'http://hooks.example:8080/a#b',
        'https://[::1]/x',
        'HTTPS://Hooks.Example/',
        'hooks.example',
        'mailto:a@hooks.example',
        'https://a:@hooks.example/',
        'https://:b@hooks.example/',
        'http://',
        `https://hooks.example/${'é'.repeat(400)}`,
      ];
      for (const url of urls) expect(typeof parseWebhookUrl(url) === 'string', url).toBe(validateWebhookUrlForSaving(url).ok);
      expect(DEFAULT_WEBHOOK_TEMPLATE).toBe(SERVER_DEFAULT_TEMPLATE);
    });
  });
});

describe('a typed level on the instrument’s precision', () => {
  const btc: FormContext = { symbol: { ok: true, symbol: 'BTCUSDT', type: 'crypto' }, now: context.now, lastPrice: 94_700, priceDecimals: 2 };

  it('saves a level with more decimals than the symbol quotes rounded to its precision, not refused', () => {
    const result = validateAlertForm({ ...values, symbol: 'BTCUSDT', level: '94728.5656444' }, btc);
    expect(result.ok && result.draft.condition).toEqual({ kind: 'cross', level: 94_728.57 });
    expect(validateAlertForm({ ...values, symbol: 'BTCUSDT', level: '94,728.5649' }, btc)).toMatchObject({
      ok: true,
      draft: { condition: { level: 94_728.56 } },
    });
    // Whole-number precision, and a level already on it, unchanged.
    expect(validateAlertForm({ ...values, level: '182.5' }, { ...context, priceDecimals: 0 })).toMatchObject({
      ok: true,
      draft: { condition: { level: 183 } },
    });
    expect(validateAlertForm({ ...values, level: '182.5' }, { ...context, priceDecimals: 2 })).toMatchObject({
      ok: true,
      draft: { condition: { level: 182.5 } },
    });
  });

  it('keeps the level as typed while the precision is not known, and keeps the messages', () => {
    expect(validateAlertForm({ ...values, level: '94728.5656444' }, context)).toMatchObject({ ok: true, draft: { condition: { level: 94_728.5656444 } } });
    expect(validateAlertForm({ ...values, level: 'abc' }, btc)).toMatchObject({
      ok: false,
      errors: { level: '“abc” is not a number: type the price level like 182.50.' },
    });
    expect(validateAlertForm({ ...values, level: '' }, btc)).toMatchObject({ ok: false, errors: { level: 'Enter the price level.' } });
    // A level that rounds to nothing is not above zero.
    expect(validateAlertForm({ ...values, level: '0.001' }, btc)).toMatchObject({ ok: false, errors: { level: 'The price level must be above zero.' } });
  });

  it('shows the rounded level in the field (the text on blur)', () => {
    expect(roundedLevelText('94728.5656444', 2)).toBe('94728.57');
    expect(roundedLevelText('94,728.5', 2)).toBe('94,728.5');
    expect(roundedLevelText('94,728.5656', 2)).toBe('94728.57');
    expect(roundedLevelText('182.50', 2)).toBe('182.50');
    expect(roundedLevelText('abc', 2)).toBe('abc');
    expect(roundedLevelText('94728.5656444', undefined)).toBe('94728.5656444');
  });
});
