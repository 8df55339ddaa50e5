// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../i18n/load-language';
import { activate } from '../i18n/translate';
import type { SymbolMatch } from '../lib/catalog-search';
import { useAppStore } from '../store/app-store';
import { SymbolSuggestions } from './symbol-suggestions';

const initial = useAppStore.getState();

afterEach(() => {
  cleanup();
  activate('en');
  useAppStore.setState(initial, true);
});

/** 5.HK as the catalogue has it: the HK list's Simplified name, stock info's English and Traditional ones. */
const HSBC: SymbolMatch = {
  symbol: '5.HK',
  market: 'HK',
  name: '汇丰控股',
  names: { en: 'HSBC HOLDINGS', hans: '', hant: '滙豐控股' },
  types: ['stock'],
};

function shown(matches: readonly SymbolMatch[]): string[] {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SymbolSuggestions
        id="s"
        suggestions={matches}
        activeIndex={0}
        optionId={(index) => `s-${String(index)}`}
        onActivate={() => undefined}
        onPick={() => undefined}
      />
    </QueryClientProvider>,
  );
  return screen.getAllByRole('option').map((option) => option.textContent);
}

describe('SymbolSuggestions', () => {
  it('names and types a match in the language, as the search does', async () => {
    await loadLanguage('zh-HK');
    useAppStore.getState().setLanguage('zh-HK');
    expect(shown([HSBC])).toEqual(['5.HK滙豐控股股票']);
  });

  it('in zh-TW, an A-share the data names in Simplified only in Traditional, once the converter is in', async () => {
    await loadLanguage('zh-TW');
    useAppStore.getState().setLanguage('zh-TW');
    const moutai: SymbolMatch = { symbol: '600519.SH', market: 'CN', name: '贵州茅台', names: { en: '', hans: '', hant: '' }, types: ['stock'] };
    shown([moutai]);
    await waitFor(() => {
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['600519.SH貴州茅臺股票']);
    });
  });

  it('in English, an HK stock by its English name, the data’s own beside it', () => {
    expect(shown([HSBC])).toEqual(['5.HKHSBC HOLDINGS · 汇丰控股stock']);
    expect(shown([{ ...HSBC, symbol: 'AAPL.US', market: 'US', name: 'Apple', names: { en: '', hans: '苹果', hant: '蘋果' } }])[1]).toBe('AAPL.USApplestock');
  });
});
