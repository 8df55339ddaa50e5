import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../i18n/load-language';
import { listName } from './watchlist-name';

afterEach(async () => {
  await loadLanguage('en');
});

describe('listName', () => {
  it('speaks the chosen language for a default list the user has not renamed', async () => {
    await loadLanguage('zh-CN');
    expect(listName({ id: 'us', name: 'US tech' })).toBe('美股科技');
    expect(listName({ id: 'global', name: 'FX, metals, crypto' })).toBe('外汇、贵金属、加密货币');
    await loadLanguage('zh-HK');
    expect(listName({ id: 'cn', name: 'A-shares' })).toBe('A股');
    await loadLanguage('en');
    expect(listName({ id: 'us', name: 'US tech' })).toBe('US tech');
  });

  it('keeps the user’s own names, and a default id whose name was changed', async () => {
    await loadLanguage('zh-CN');
    expect(listName({ id: 'us', name: 'My tech' })).toBe('My tech');
    expect(listName({ id: 'x1', name: 'US tech' })).toBe('US tech');
  });
});
