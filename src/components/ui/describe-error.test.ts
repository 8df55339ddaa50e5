import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/contract.ts';
import { describeError } from './describe-error';

describe('describeError', () => {
  it("says a panel's code did not download in the trader's words, not the browser's", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://127.0.0.1/assets/trades-panel-abc.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: http://127.0.0.1/assets/x.js',
    ]) {
      const text = describeError(new TypeError(message));
      expect(text.title, message).toBe("This panel's code did not download.");
      expect(text.detail).toBeUndefined();
    }
  });

  it('has a plain sentence for every error code of the contract used over HTTP', () => {
    const http = Object.values(ERROR_CODES).filter((code) => code !== 0 && (code < 3003 || code >= 5000));
    for (const code of http) {
      const text = describeError({ code, message: 'x' });
      expect(text.title, String(code)).not.toBe('Something went wrong.');
    }
  });

  it('keeps the parameter detail and counts down a rate limit', () => {
    expect(describeError({ code: 2001, message: 'Invalid parameter: limit must be an integer' }).detail).toBe('limit must be an integer');
    expect(describeError({ code: 3001, retryAfterMs: 4_200 }).action).toBe('Next try in 5 s.');
    expect(describeError({ code: 1004 }).action).toMatch(/plan/);
  });

  it('recognises ambiguous symbols, network and malformed answers, and anything else', () => {
    expect(describeError({ code: 2001, errorName: 'AMBIGUOUS_SYMBOL' }).action).toBe('Choose which one you mean at the top of the page.');
    expect(describeError({ kind: 'network' }).transient).toBe(true);
    expect(describeError({ kind: 'malformed' }).title).toMatch(/malformed/);
    expect(describeError(new Error('boom'))).toEqual({ title: 'Something went wrong.', detail: 'boom', transient: false });
  });

  it("tells Chartroom's sign-in from the API key: a 1002 named SIGN_IN_REQUIRED asks to sign in", () => {
    expect(describeError({ code: 1002, errorName: 'SIGN_IN_REQUIRED' })).toEqual({
      title: 'Sign in to see market data.',
      action: 'Use “Sign in” at the top of the page.',
      transient: false,
    });
    expect(describeError({ code: 1002 }).action).toMatch(/MARKET_API_KEY/);
  });
});
