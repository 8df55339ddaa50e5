/** The webhook's JSON body and the user's template: four placeholders, nothing evaluated, capped. */
import { describe, expect, it } from 'vitest';
import { condition, maLine, rsiLine } from '#shared/alerts/indicator-condition.test-support.ts';
import { conditionText, DEFAULT_WEBHOOK_TEMPLATE, renderTemplate, webhookBody, type WebhookTrigger } from './webhook-message.ts';

const FIELDS = { symbol: 'AAPL.US', price: '231.5', condition: 'crosses above 230', time: '2023-11-14T22:13:20.000Z' };

describe('renderTemplate', () => {
  it('fills the four placeholders, spaces inside the braces allowed, as often as they appear', () => {
    expect(renderTemplate('{{symbol}} {{ condition }} at {{\tprice  }} ({{time}}); {{symbol}}', FIELDS)).toBe(
      'AAPL.US crosses above 230 at 231.5 (2023-11-14T22:13:20.000Z); AAPL.US',
    );
  });

  it('leaves anything else as written, and evaluates nothing', () => {
    const template = '{{name}} {{ SYMBOL }} {symbol} {{{price}}} ${symbol} {{constructor}} {{__proto__}} {{price.toFixed}} {{ price';
    expect(renderTemplate(template, FIELDS)).toBe('{{name}} {{ SYMBOL }} {symbol} {231.5} ${symbol} {{constructor}} {{__proto__}} {{price.toFixed}} {{ price');
  });

  it('does not expand what a value holds', () => {
    const fields = { ...FIELDS, symbol: '{{price}} $& $1 $$' };
    expect(renderTemplate('{{symbol}}|{{price}}', fields)).toBe('{{price}} $& $1 $$|231.5');
  });

  it('caps the message at 2,000 characters, not splitting a character', () => {
    expect(renderTemplate(`${'x'.repeat(1990)}{{symbol}}{{symbol}}`, FIELDS)).toHaveLength(2000);
    const emoji = renderTemplate(`${'x'.repeat(1999)}😀`, FIELDS);
    expect(emoji).toBe('x'.repeat(1999));
  });
});

describe('webhookBody', () => {
  const trigger: WebhookTrigger = {
    triggerId: 'a1@1700000000000',
    alertId: 'a1',
    symbol: '700.HK',
    price: 381.2,
    time: 1_700_000_000_000,
    crossing: 'down',
    condition: { kind: 'cross', level: 382 },
  };

  it('says the trigger with the default template when the alert has none', () => {
    expect(DEFAULT_WEBHOOK_TEMPLATE).toBe('{{symbol}} {{condition}} at {{price}}');
    for (const template of ['', '  ']) {
      expect(webhookBody(trigger, template)).toEqual({
        triggerId: 'a1@1700000000000',
        alertId: 'a1',
        symbol: '700.HK',
        price: 381.2,
        condition: 'crosses below 382',
        crossing: 'down',
        time: '2023-11-14T22:13:20.000Z',
        message: '700.HK crosses below 382 at 381.2',
      });
    }
  });

  it('uses the alert’s template', () => {
    expect(webhookBody(trigger, 'Sell {{symbol}}? {{time}}').message).toBe('Sell 700.HK? 2023-11-14T22:13:20.000Z');
  });

  it('words each condition', () => {
    expect(conditionText({ kind: 'cross', level: 230 }, 'up')).toBe('crosses above 230');
    expect(conditionText({ kind: 'cross', level: 0.6512 }, 'down')).toBe('crosses below 0.6512');
    expect(conditionText({ kind: 'move', percent: 5, base: 100 }, 'up')).toBe('moves 5% from 100');
    expect(conditionText({ kind: 'move', percent: 2.5, base: 98.4 }, 'down')).toBe('moves 2.5% from 98.4');
    expect(conditionText(condition({ line: rsiLine(14), operator: 'crosses-above' }, 70), 'up')).toBe('RSI(14) on 1h crosses above 70');
    // "crosses" says which way this trigger went.
    const maCross = condition({ interval: '1d', line: maLine(20), operator: 'crosses', against: { kind: 'line', line: maLine(50) } });
    expect(conditionText(maCross, 'down')).toBe('MA(20) crosses below MA(50) on 1d');
  });
});
