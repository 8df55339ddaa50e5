import { describe, expect, it } from 'vitest';
import { browserEvaluates } from './server-evaluates';

describe('who evaluates the alerts', () => {
  it('the browser, where the server does not', () => {
    expect(browserEvaluates(false, undefined)).toBe(true);
    expect(browserEvaluates(false, 'local-only')).toBe(true);
  });

  it('the server, once it holds this browser’s alerts (or while that is not known yet)', () => {
    expect(browserEvaluates(true, 'synced')).toBe(false);
    expect(browserEvaluates(true, 'sending')).toBe(false);
    expect(browserEvaluates(true, 'connecting')).toBe(false);
    expect(browserEvaluates(true, undefined)).toBe(false);
    expect(browserEvaluates(undefined, 'asking')).toBe(false);
  });

  it('the browser while the first contact waits for the user’s choice: the server has none of its alerts', () => {
    expect(browserEvaluates(true, 'asking')).toBe(true);
  });
});
